import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, openDatabase } from "./client.js";
import { copyPgliteTemplate, writeTemplateStamp } from "./pglite-template.js";

let dir: string;
let template: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "atendo-template-test-"));
  template = path.join(dir, "template");
  // The template as the build makes it: a migrated database in a folder, and its stamp beside it. From the run's
  // migrated snapshot when there is one (no initdb: seconds on a busy machine).
  const snapshot = inject("pgliteSnapshot");
  if (snapshot) {
    const db = new PGlite(template, { extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(snapshot)]) });
    await db.close();
  } else {
    await (await openDatabase({ pgliteDir: template })).close();
  }
  writeTemplateStamp(template, MIGRATIONS_FOLDER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const migrationCount = () =>
  (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
const stamp = () => JSON.parse(readFileSync(`${template}.json`, "utf8")) as { pgliteVersion: string; migrations: string[] };

describe("a first start from the PGlite template", () => {
  it("copies the migrated database into an empty data folder, and the app opens it with its migrations applied", async () => {
    const pgdata = path.join(dir, "first", "pgdata");
    const database = await openDatabase({ pgliteDir: pgdata, pgliteTemplate: template });
    try {
      const count = async (query: ReturnType<typeof sql>) => {
        const res = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
        return res.rows[0]!.n;
      };
      expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(migrationCount());
      expect(await count(sql`select count(*)::int as n from information_schema.tables where table_name = 'companies'`)).toBe(1);
    } finally {
      await database.close();
    }
    expect(existsSync(`${pgdata}.partial`)).toBe(false);
  });

  it("never replaces a database that exists", () => {
    const pgdata = path.join(dir, "existing");
    copyPgliteTemplate(template, pgdata, MIGRATIONS_FOLDER);
    writeFileSync(path.join(pgdata, "marker"), "mine");
    expect(copyPgliteTemplate(template, pgdata, MIGRATIONS_FOLDER)).toBe(false);
    expect(readFileSync(path.join(pgdata, "marker"), "utf8")).toBe("mine");
  });

  it("is not used when it was built by another PGlite or from other migrations", () => {
    const original = readFileSync(`${template}.json`, "utf8");
    try {
      writeFileSync(`${template}.json`, JSON.stringify({ ...stamp(), pgliteVersion: "0.0.1" }));
      expect(copyPgliteTemplate(template, path.join(dir, "other-pglite"), MIGRATIONS_FOLDER)).toBe(false);
      writeFileSync(`${template}.json`, JSON.stringify({ ...stamp(), migrations: ["0000_from_another_branch"] }));
      expect(copyPgliteTemplate(template, path.join(dir, "other-branch"), MIGRATIONS_FOLDER)).toBe(false);
      rmSync(`${template}.json`);
      expect(copyPgliteTemplate(template, path.join(dir, "no-stamp"), MIGRATIONS_FOLDER)).toBe(false);
      expect(existsSync(path.join(dir, "other-pglite"))).toBe(false);
    } finally {
      writeFileSync(`${template}.json`, original);
    }
  });

  it("still applies a template built before the newest migrations (they run after the copy)", () => {
    const original = readFileSync(`${template}.json`, "utf8");
    try {
      writeFileSync(`${template}.json`, JSON.stringify({ ...stamp(), migrations: stamp().migrations.slice(0, 1) }));
      expect(copyPgliteTemplate(template, path.join(dir, "older-template"), MIGRATIONS_FOLDER)).toBe(true);
      expect(existsSync(path.join(dir, "older-template", "PG_VERSION"))).toBe(true);
    } finally {
      writeFileSync(`${template}.json`, original);
    }
  });
});
