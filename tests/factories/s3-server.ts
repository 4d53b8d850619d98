import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** A real S3-protocol server (s3rver) on loopback with one bucket; env() are the server settings that reach it. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  env(): Record<string, string>;
  /** every object key in the bucket */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

// s3rver's built-in account; it refuses any other access key id (it does not verify SigV4 signatures themselves)
const ACCESS_KEY = 'S3RVER';

/** Starts s3rver on a random port with its own directory and a fresh bucket. */
export async function startTestS3(bucket = 'oa-files'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as unknown as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: () => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
