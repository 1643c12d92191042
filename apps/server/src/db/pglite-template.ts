import { constants, cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * A first start on PGlite copies a migrated database built once by `npm run build` (apps/server/dist/pglite-template,
 * with pg-boss's schema) instead of running initdb, every migration and pg-boss's schema creation: seconds less, and
 * less memory, as what initdb allocates stays in PGlite's WASM memory for the life of the process. Migrations still
 * run after the copy, for anything newer.
 */
interface TemplateStamp {
  pgliteVersion: string;
  /** The migrations (drizzle journal tags) the template holds, in order. */
  migrations: string[];
}

const stampFile = (templateDir: string) => `${templateDir}.json`;

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), "../package.json"), "utf8")) as { version: string };
  return pkg.version;
}

function migrationTags(migrationsFolder: string): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** Records what the template in `templateDir` was built from; called once its database is closed. */
export function writeTemplateStamp(templateDir: string, migrationsFolder: string): void {
  const stamp: TemplateStamp = { pgliteVersion: pgliteVersion(), migrations: migrationTags(migrationsFolder) };
  writeFileSync(stampFile(templateDir), JSON.stringify(stamp, null, 2) + "\n");
}

/**
 * Copies the template into `pgliteDir` when that holds no database yet and the template fits this code: the same
 * PGlite, and migrations that are a prefix of ours (a template from another branch's migrations is not used).
 * Returns whether it copied. The copy lands under a temporary name first, so a crash never leaves half a database.
 */
export function copyPgliteTemplate(templateDir: string, pgliteDir: string, migrationsFolder: string): boolean {
  if (existsSync(path.join(pgliteDir, "PG_VERSION")) || !existsSync(path.join(templateDir, "PG_VERSION"))) return false;
  let stamp: TemplateStamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(templateDir), "utf8")) as TemplateStamp;
  } catch {
    return false;
  }
  const ours = migrationTags(migrationsFolder);
  if (stamp.pgliteVersion !== pgliteVersion() || stamp.migrations.some((tag, i) => ours[i] !== tag)) return false;
  const partial = `${pgliteDir}.partial`;
  try {
    rmSync(partial, { recursive: true, force: true });
    // A copy-on-write clone where the file system offers one (btrfs, XFS), else a plain copy (about 40 MB).
    cpSync(templateDir, partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
    rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(partial, pgliteDir);
    return true;
  } catch {
    // The template being rebuilt right now, say: PGlite creates the database instead.
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
}
