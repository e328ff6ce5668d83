import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

/** The file storage's areas: each its own directory in DATA_DIR, or key prefix in the bucket. */
export const STORAGE_AREAS = ['materialbank', 'logos', 'mail', 'feedback'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/**
 * Where uploaded files live: the S3-compatible bucket when configured, else DATA_DIR. The
 * material bank's objects are at the bucket's top (DATA_DIR/materialbank); organization logos
 * in their own area, `logos/` (DATA_DIR/logos), and the files mails carry (scheduled reports)
 * in `mail/` (DATA_DIR/mail), feedback photos in `feedback/` (DATA_DIR/feedback), which the
 * material bank's orphan sweep never lists.
 */
export function createFileStorage(
  config: Pick<Config, 's3' | 'dataDir'>,
  area: StorageArea = 'materialbank',
): FileStorage {
  return config.s3
    ? createS3Storage(config.s3, undefined, area === 'materialbank' ? '' : `${area}/`)
    : createLocalStorage(path.join(config.dataDir, area));
}
