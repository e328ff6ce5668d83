import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

/** The material bank's storage: the S3-compatible bucket when configured, else DATA_DIR. */
export function createFileStorage(config: Pick<Config, 's3' | 'dataDir'>): FileStorage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, 'materialbank'));
}
