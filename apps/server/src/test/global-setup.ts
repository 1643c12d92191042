import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A fresh, migrated PostgreSQL database for this run, or null to run on in-memory PGlite. */
    databaseUrl: string | null;
    /** On PGlite: a migrated data directory (a tarball) each test file starts from, instead of initdb + migrations. */
    pgliteSnapshot: string | null;
  }
}

/**
 * With TEST_DATABASE_URL the server tests run on PostgreSQL: one fresh database per run, migrated once here,
 * shared by the test files (each builds its own companies). Without it each file gets its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide("databaseUrl", null);
    // Each file still gets its own in-memory database; cloning a migrated one saves seconds per file.
    const database = await openDatabase({ pgliteDir: null });
    const dump = await database.pglite!.dumpDataDir("none");
    await database.close();
    const dir = mkdtempSync(path.join(tmpdir(), "atendo-pglite-snapshot-"));
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteSnapshot", file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide("pgliteSnapshot", null);
  const name = `atendo_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  project.provide("databaseUrl", url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}
