import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3Store, type S3Settings } from '../platform/storage/s3';
import type { ObjectStore } from '../platform/storage/store';

/** A real S3 server on the loopback (s3rver, files in a temporary folder), started by a test. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects (to look at the bytes at rest). */
  directory: string;
  settings: S3Settings;
  /** The environment that points an API process at this bucket. */
  env: Record<string, string>;
  /** A client of the bucket (closed by `stop`). */
  store(): ObjectStore;
  stop(): Promise<void>;
}

/** s3rver's own credentials: it checks the signature made with them. */
const ACCESS_KEY = 'S3RVER';

export async function startS3(bucket = 'casaoferta-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
    prefix: '',
  };
  const clients: ObjectStore[] = [];
  return {
    endpoint,
    bucket,
    directory,
    settings,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'on',
    },
    store() {
      const store = s3Store(settings);
      clients.push(store);
      return store;
    },
    async stop() {
      for (const client of clients) client.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
