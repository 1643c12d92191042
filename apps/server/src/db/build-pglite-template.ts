// Builds the PGlite template: `node apps/server/dist/build-pglite-template.js <dir>` (scripts/build.mjs runs it when
// the migrations or PGlite change). See pglite-template.ts.
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { startJobs } from "../jobs/jobs.js";
import { MIGRATIONS_FOLDER, openDatabase } from "./client.js";
import { writeTemplateStamp } from "./pglite-template.js";

const target = process.argv[2];
if (!target) {
  console.error("usage: build-pglite-template <dir>");
  process.exit(2);
}
const dir = path.resolve(target);
const building = `${dir}.building`;
rmSync(building, { recursive: true, force: true });
const database = await openDatabase({ pgliteDir: building });
// pg-boss's schema too (the app's default "pgboss"): creating it is most of a first start's work on PGlite.
await (await startJobs({ database, logger: pino({ level: "warn" }) })).stop();
await database.pglite!.exec("checkpoint");
await database.close();
rmSync(`${dir}.json`, { force: true });
if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
renameSync(building, dir);
writeTemplateStamp(dir, MIGRATIONS_FOLDER);
