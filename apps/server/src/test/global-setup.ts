import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { REPO_ROOT } from "../config.js";
import { openDatabase } from "../db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A fresh, migrated PostgreSQL database for this run, or null to run on in-memory PGlite. */
    databaseUrl: string | null;
    /** A migrated PGlite data directory (a tarball) in-memory test databases start from, instead of initdb + migrations. */
    pgliteSnapshot: string | null;
    /** The compiled server (apps/server/dist/main.js, brought up to date here) that tests start as a process of its own. */
    serverMain: string;
  }
}

/**
 * With TEST_DATABASE_URL the server tests run on PostgreSQL: one fresh database per run, migrated once here,
 * shared by the test files (each builds its own companies). Without it each vitest worker gets its own in-memory
 * PGlite, cloned from the snapshot made here and shared by the files the worker runs.
 */
export default async function setup(project: TestProject) {
  // Tests that start whole servers (a crash and restart, two processes on one database) start the compiled server,
  // as `npm start` does: built here when its sources changed (0.4 s), and each start then compiles nothing, where
  // tsx compiled the server again in every process.
  const build = (await import(pathToFileURL(path.join(REPO_ROOT, "scripts/build.mjs")).href)) as {
    buildStale(opts: { quiet?: boolean; only?: string[] }): Promise<boolean>;
  };
  if (!(await build.buildStale({ quiet: true, only: ["server", "template"] }))) throw new Error("the server's build failed (npm run build)");
  project.provide("serverMain", path.join(REPO_ROOT, "apps/server/dist/main.js"));

  // A migrated PGlite, dumped once: each vitest worker clones it for its files (test/helpers.ts), and so do the tests
  // that need an empty database of their own (seeding), on PostgreSQL runs too. Cloning saves seconds per database.
  const database = await openDatabase({ pgliteDir: null });
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), "atendo-pglite-snapshot-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  const removeSnapshot = () => rmSync(dir, { recursive: true, force: true });

  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide("databaseUrl", null);
    return removeSnapshot;
  }
  const name = `atendo_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ databaseUrl: url.toString() });
  await migrated.close();
  project.provide("databaseUrl", url.toString());

  return async () => {
    removeSnapshot();
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}
