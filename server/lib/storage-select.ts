import type { StorageConfig } from '../config';
import type { BlobStore } from './storage';
import { createDiskStore } from './storage-disk';
import { createS3Store } from './storage-s3';

/** The blob store the settings choose: S3_BUCKET set → that bucket, else the local disk under DATA_DIR. */
export function createBlobStore(storage: StorageConfig, dataDir: string): BlobStore {
  return storage.kind === 's3' ? createS3Store(storage) : createDiskStore(dataDir);
}
