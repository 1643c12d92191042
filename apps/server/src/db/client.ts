import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.js";
import { copyPgliteTemplate } from "./pglite-template.js";

export type Schema = typeof schema;
/** The same type for both drivers, so services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Only on PostgreSQL: the pool (pg-boss and benchmarks use it). */
  pool?: pg.Pool;
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * PGlite runs its one backend inside this process: the shared buffers are process memory (WASM), set up at start and
 * never given back. PostgreSQL's default 128 MB costs about 130 MB of resident memory from the first second; 16 MB
 * holds the hot pages of a help desk (open tickets and their messages), and other pages come from the operating
 * system's file cache (docs/PERFORMANCE.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** Opens PostgreSQL when a URL is given, else PGlite in `pgliteDir` (or in memory when null), and applies migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string | null;
  migrate?: boolean;
  /** In-memory PGlite only: start from this data directory tarball (tests clone one migrated database). */
  pgliteSnapshot?: Blob;
  /** PGlite in a folder: a migrated database copied there when the folder holds none yet (db/pglite-template.ts). */
  pgliteTemplate?: string;
}): Promise<Database> {
  const runMigrations = opts.migrate ?? true;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (runMigrations) await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  // pg_trgm: the trigram indexes of the ticket search (migration 0005).
  const extensions = { pg_trgm };
  if (opts.pgliteDir && opts.pgliteTemplate) copyPgliteTemplate(opts.pgliteTemplate, opts.pgliteDir, MIGRATIONS_FOLDER);
  const pglite = opts.pgliteDir
    ? new PGlite(opts.pgliteDir, { extensions, startParams: PGLITE_START_PARAMS })
    : new PGlite({ extensions, startParams: PGLITE_START_PARAMS, ...(opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}) });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  if (runMigrations) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: "pglite", pglite, close: () => pglite.close() };
}
