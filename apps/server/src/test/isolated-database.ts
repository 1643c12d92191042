import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../db/client.js";
import { openInMemoryTestDatabase } from "./helpers.js";

/**
 * A database of its own, for tests whose code reads across companies (the session sweep takes every orphaned
 * connection): on PostgreSQL a fresh database next to the run's one (dropped on close), else an in-memory PGlite.
 */
export async function createIsolatedDatabase(): Promise<Database & { url?: string }> {
  const base = inject("databaseUrl");
  if (!base) return openInMemoryTestDatabase();
  const name = `atendo_isolated_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // The pool's clients have said goodbye but their backends may still be on their way out: forcing the drop then
      // sends a FATAL to a client that is ending, which pg throws as an uncaught error. Wait for them (up to 3 s).
      for (let waited = 0; waited < 3000; waited += 50) {
        const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
