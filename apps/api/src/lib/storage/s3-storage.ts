import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertObjectName, type FileStorage, OBJECT_NAME, type StoredObject } from './storage.js';

export interface S3Settings {
  /** http(s)://host[:port] of the S3-compatible service. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const isNotFound = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'NotFound' || code === 'NoSuchKey';
};

/**
 * Objects in an S3-compatible bucket (path-style addressing, so MinIO, Ceph, Garage and AWS all
 * work). An upload is first spooled to a temporary file (disk, not memory): a single PUT needs
 * its length, and the bucket then never holds half an object.
 */
export function createS3Storage(
  settings: S3Settings,
  spoolDir = tmpdir(),
  /** The objects' key prefix ("logos/"); the top of the bucket lists no key with a slash. */
  prefix = '',
): FileStorage {
  const url = new URL(settings.endpoint);
  // The client library loads with the first call, not at every start (docs/performance.md).
  let loaded: Promise<import('minio').Client> | undefined;
  const bucketClient = () =>
    (loaded ??= import('minio').then(
      (Minio) =>
        new Minio.Client({
          endPoint: url.hostname,
          port: url.port ? Number(url.port) : undefined,
          useSSL: url.protocol === 'https:',
          accessKey: settings.accessKeyId,
          secretKey: settings.secretAccessKey,
          region: settings.region,
          pathStyle: true,
        }),
    ));
  const { bucket } = settings;
  const key = (name: string) => {
    assertObjectName(name);
    return `${prefix}${name}`;
  };

  return {
    async put(name, source) {
      const objectKey = key(name);
      const spool = path.join(spoolDir, `vahti-upload-${randomUUID()}`);
      try {
        await pipeline(source, createWriteStream(spool, { flags: 'wx', mode: 0o600 }));
        const { size } = await stat(spool);
        await (await bucketClient()).putObject(bucket, objectKey, createReadStream(spool), size);
        return size;
      } finally {
        await rm(spool, { force: true });
      }
    },

    async open(name, range) {
      const objectKey = key(name);
      const client = await bucketClient();
      return range
        ? client.getPartialObject(bucket, objectKey, range.start, range.end - range.start + 1)
        : client.getObject(bucket, objectKey);
    },

    async stat(name) {
      try {
        const info = await (await bucketClient()).statObject(bucket, key(name));
        return { name, size: info.size, modifiedAt: info.lastModified };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async remove(name) {
      await (await bucketClient()).removeObject(bucket, key(name));
    },

    async *list(): AsyncIterable<StoredObject> {
      const stream = (await bucketClient()).listObjectsV2(bucket, prefix, true);
      for await (const item of stream as AsyncIterable<{
        name?: string;
        size: number;
        lastModified?: Date;
      }>) {
        const name = item.name?.slice(prefix.length);
        if (!name || !OBJECT_NAME.test(name)) continue;
        yield { name, size: item.size, modifiedAt: item.lastModified ?? new Date() };
      }
    },
  };
}
