import { createReadStream, existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";

/**
 * Files users upload and messages carry (media, spreadsheets), kept under DATA_DIR/files/<companyId>/<area>/ or, when
 * configured, in an S3-compatible bucket (s3-storage.ts).
 * Stored names are random: the user's file name is kept only as metadata, so it can never steer a path.
 */
export interface StoredFile {
  /** Relative to the storage root; what the database keeps. */
  path: string;
  /** The name shown to people (spaces become underscores, per the spec for quick messages). */
  name: string;
}

export interface FileStorage {
  /** Where files live, for people reading logs: a folder, or s3://bucket/prefix. */
  location: string;
  save(companyId: number, area: string, originalName: string, data: Buffer): Promise<StoredFile>;
  remove(storedPath: string): Promise<void>;
  /** The file's bytes, or null when it is missing or the path points outside the storage. */
  read(storedPath: string): Promise<Buffer | null>;
  /** The file as a stream (for serving), or null like read. */
  open(storedPath: string): Promise<NodeJS.ReadableStream | null>;
  exists(storedPath: string): Promise<boolean>;
  /** Every file of a company (after the company was deleted). */
  removeCompany(companyId: number): Promise<void>;
}

/** The stored path of a new file: `<company>/<area>/<random><ext>`; the user's name never steers it. */
export function newStoredPath(companyId: number, area: string, originalName: string): StoredFile {
  const name = safeDisplayName(originalName);
  const ext = path.extname(name).toLowerCase().replace(/[^.a-z0-9]/g, "").slice(0, 10);
  return { path: path.posix.join(String(companyId), area.replace(/[^a-z0-9-]/gi, ""), `${randomUUID()}${ext}`), name };
}

/** A stored path as written by newStoredPath: anything else (absolute, `..`, odd characters) is refused. */
export function isStoredPath(storedPath: string): boolean {
  return /^\d+\/[a-z0-9-]+\/[0-9a-f-]{36}(\.[a-z0-9]{1,9})?$/i.test(storedPath);
}

export function safeDisplayName(originalName: string): string {
  const base = path.basename(originalName).replace(/\s+/g, "_").replace(/[^\p{L}\p{N}._-]/gu, "");
  return base.slice(0, 200) || "file";
}

/** Files under DATA_DIR/files: the default, for one machine or a shared folder. */
export function createFileStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, "files");
  const resolve = (storedPath: string) => {
    const absolute = path.resolve(root, storedPath);
    if (!absolute.startsWith(root + path.sep)) return null;
    return existsSync(absolute) ? absolute : null;
  };
  return {
    location: root,
    async save(companyId, area, originalName, data) {
      const stored = newStoredPath(companyId, area, originalName);
      const absolute = path.join(root, stored.path);
      await mkdir(path.dirname(absolute), { recursive: true });
      await writeFile(absolute, data, { mode: 0o600 });
      return stored;
    },
    async remove(storedPath) {
      const absolute = resolve(storedPath);
      if (absolute) await rm(absolute, { force: true });
    },
    async read(storedPath) {
      const absolute = resolve(storedPath);
      return absolute ? readFile(absolute) : null;
    },
    async open(storedPath) {
      const absolute = resolve(storedPath);
      return absolute ? createReadStream(absolute) : null;
    },
    async exists(storedPath) {
      return resolve(storedPath) !== null;
    },
    async removeCompany(companyId) {
      // A number, so the folder is always <root>/<digits>.
      await rm(path.join(root, String(Math.trunc(companyId))), { recursive: true, force: true });
    },
  };
}
