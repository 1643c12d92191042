import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { isStoredPath, newStoredPath, type FileStorage } from "./file-storage.js";

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket (e.g. "atendo/"); empty by default. */
  prefix?: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Spaces...); AWS when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (most S3-compatible services) instead of the host name. */
  forcePathStyle?: boolean;
}

const missing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Files in an S3-compatible bucket, for deployments with several machines or no persistent disk. Same stored paths as
 * the folder storage (the database keeps them either way); only paths written by newStoredPath are read, so a forged
 * path cannot reach other keys of the bucket.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: S3-compatible services differ in what they accept.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const prefix = options.prefix ?? "";
  const key = (storedPath: string) => `${prefix}${storedPath}`;
  const get = async (storedPath: string) => {
    if (!isStoredPath(storedPath)) return null;
    try {
      return await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key(storedPath) }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    location: `s3://${options.bucket}/${prefix}`,
    async save(companyId, area, originalName, data) {
      const stored = newStoredPath(companyId, area, originalName);
      await client.send(new PutObjectCommand({ Bucket: options.bucket, Key: key(stored.path), Body: data, ContentLength: data.length }));
      return stored;
    },
    async remove(storedPath) {
      if (!isStoredPath(storedPath)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key(storedPath) }));
    },
    async read(storedPath) {
      const object = await get(storedPath);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async open(storedPath) {
      const object = await get(storedPath);
      return object?.Body instanceof Readable ? object.Body : null;
    },
    async exists(storedPath) {
      if (!isStoredPath(storedPath)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key(storedPath) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async removeCompany(companyId) {
      // One key at a time: DeleteObjects needs a checksum some S3-compatible services reject.
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, Prefix: key(`${Math.trunc(companyId)}/`), ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: object.Key }));
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
