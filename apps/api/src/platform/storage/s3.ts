import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, contentTypeOf, type ListedObject, type ObjectInfo, type ObjectStore } from './store';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key (`casaoferta/` to share a bucket), empty for none. */
  prefix: string;
}

const notFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2…) through `@aws-sdk/client-s3`. A PUT is whole or
 * absent, so no temporary key is needed for a reader never to see half an object. Checksums are sent
 * only where the API requires them (S3-compatible servers differ in what they accept).
 */
export function s3Store(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const full = (key: string): string => {
    assertKey(key);
    return `${settings.prefix}${key}`;
  };
  const info = (
    key: string,
    meta: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date },
  ): ObjectInfo => ({
    key,
    size: meta.ContentLength ?? 0,
    contentType: meta.ContentType ?? contentTypeOf(key),
    etag: meta.ETag ?? '""',
    lastModified: meta.LastModified ?? new Date(0),
  });

  return {
    kind: 's3',
    location: `s3://${Bucket}/${settings.prefix}${settings.endpoint ? ` (${settings.endpoint})` : ''}`,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: full(key),
          Body: Buffer.isBuffer(body) ? body : body.stream,
          ContentLength: Buffer.isBuffer(body) ? body.length : body.length,
          ContentType: contentType ?? contentTypeOf(key),
        }),
      );
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: full(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('object store: the answer has no stream');
        // With a range, ContentLength is the range's; the object's size is after the slash.
        const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : answer.ContentLength;
        return {
          ...info(key, { ...answer, ContentLength: total }),
          body: answer.Body,
          range: range ?? null,
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        return info(key, await client.send(new HeadObjectCommand({ Bucket, Key: full(key) })));
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(prefix: string): AsyncIterable<ListedObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${settings.prefix}${prefix}`, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          yield {
            key: item.Key.slice(settings.prefix.length),
            size: item.Size ?? 0,
            lastModified: item.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
