import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { blobKey, type BlobStore, type ByteRange } from './storage';

export interface S3StoreOptions {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, 阿里云 OSS, 腾讯云 COS) under files/<xx>/<sha256>. Uploads stream
 * from the temp file in parts (lib-storage's multipart Upload), so a large file is never whole in memory, and the
 * temp file is removed once the object is stored: no copy stays on this machine's disk.
 */
export function createS3Store(options: S3StoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;

  const size = async (sha256: string): Promise<number | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: blobKey(sha256) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    size,
    async put(sha256, tmpPath, bytes) {
      try {
        // content-addressed: an object under this key already holds exactly these bytes
        if ((await size(sha256)) === bytes) return;
        const upload = new Upload({
          client,
          params: { Bucket, Key: blobKey(sha256), Body: createReadStream(tmpPath), ContentLength: bytes },
          queueSize: 2,
          partSize: 8 * 1024 * 1024,
        });
        await upload.done();
      } finally {
        await fs.rm(tmpPath, { force: true });
      }
    },
    async read(sha256, range?: ByteRange) {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: blobKey(sha256),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = answer.Body;
      if (!body) throw new Error('object storage answered without a body');
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
    },
  };
}
