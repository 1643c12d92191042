import { createReadStream, existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";

/**
 * Files users upload (queue and quick-message media, spreadsheets), kept under DATA_DIR/files/<companyId>/<area>/.
 * Stored names are random: the user's file name is kept only as metadata, so it can never steer a path.
 */
export interface StoredFile {
  /** Relative to the storage root; what the database keeps. */
  path: string;
  /** The name shown to people (spaces become underscores, per the spec for quick messages). */
  name: string;
}

export interface FileStorage {
  root: string;
  save(companyId: number, area: string, originalName: string, data: Buffer): Promise<StoredFile>;
  remove(storedPath: string): Promise<void>;
  /** Absolute path of a stored file, or null when the path is outside the root or missing. */
  resolve(storedPath: string): string | null;
  open(storedPath: string): NodeJS.ReadableStream | null;
}

export function safeDisplayName(originalName: string): string {
  const base = path.basename(originalName).replace(/\s+/g, "_").replace(/[^\p{L}\p{N}._-]/gu, "");
  return base.slice(0, 200) || "file";
}

export function createFileStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, "files");
  const resolve = (storedPath: string) => {
    const absolute = path.resolve(root, storedPath);
    if (!absolute.startsWith(root + path.sep)) return null;
    return existsSync(absolute) ? absolute : null;
  };
  return {
    root,
    async save(companyId, area, originalName, data) {
      const name = safeDisplayName(originalName);
      const ext = path.extname(name).toLowerCase().replace(/[^.a-z0-9]/g, "").slice(0, 10);
      const rel = path.posix.join(String(companyId), area.replace(/[^a-z0-9-]/gi, ""), `${randomUUID()}${ext}`);
      const absolute = path.join(root, rel);
      await mkdir(path.dirname(absolute), { recursive: true });
      await writeFile(absolute, data, { mode: 0o600 });
      return { path: rel, name };
    },
    async remove(storedPath) {
      const absolute = resolve(storedPath);
      if (absolute) await rm(absolute, { force: true });
    },
    resolve,
    open(storedPath) {
      const absolute = resolve(storedPath);
      return absolute ? createReadStream(absolute) : null;
    },
  };
}
