import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LogoDestination } from "@atendo/shared";
import type { DbOrTx } from "../../db/client.js";
import { platformLogos } from "../../db/schema.js";
import type { FileStorage } from "../../storage/file-storage.js";
import { DEFAULT_LOGOS } from "./default-logos.js";

export interface LogoFile {
  contentType: string;
  data: Buffer;
  /** A hash of the bytes, for conditional requests. */
  etag: string;
}

/** The current logo of a destination, or the built-in one when none was uploaded (or its file went missing). */
export async function findLogo(db: DbOrTx, storage: FileStorage, destination: LogoDestination): Promise<LogoFile> {
  const [row] = await db.select().from(platformLogos).where(eq(platformLogos.destination, destination));
  if (row) {
    const data = await storage.read(row.path);
    if (data) return { contentType: row.contentType, data, etag: etagOf(data) };
  }
  const fallback = DEFAULT_LOGOS[destination];
  return { ...fallback, etag: etagOf(fallback.data) };
}

const etagOf = (data: Buffer) => `"${createHash("sha256").update(data).digest("base64url").slice(0, 22)}"`;
