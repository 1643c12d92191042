#!/usr/bin/env node
// `npm run build` (also run after `npm install` and by `npm start`): brings the three build outputs up to date, each
// only when its inputs changed since it was built. The content hash of the inputs is kept beside each output.
//   server    apps/server/dist/main.js: the server compiled to JavaScript (apps/server/scripts/build.mjs)
//   template  apps/server/dist/pglite-template: a migrated PGlite database a first start copies (db/pglite-template.ts)
//   web       apps/web/dist: the web client (vite build)
// Options: --force (build all three), --quiet (print only what gets built), --if-possible (for postinstall: a failed
// build is a warning, not a failed install; `npm start` tries again).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const r = (...parts) => path.join(ROOT, ...parts);

/** What each output is built from: files and folders (tests excluded), and the build command. */
const TARGETS = [
  {
    name: "server",
    what: "the server",
    inputs: ["apps/server/src", "packages/shared/src", "apps/server/package.json", "apps/server/scripts/build.mjs", "tsconfig.base.json", "package-lock.json"],
    stamp: "apps/server/dist/main.js.hash",
    command: [process.execPath, r("apps/server/scripts/build.mjs")],
  },
  {
    name: "template",
    what: "the embedded database template",
    // The migrations and the code that applies them, pg-boss's schema; PGlite's and pg-boss's versions come with the
    // lockfile.
    inputs: [
      "apps/server/drizzle",
      "apps/server/src/db/client.ts",
      "apps/server/src/db/pglite-template.ts",
      "apps/server/src/db/build-pglite-template.ts",
      "apps/server/src/jobs/jobs.ts",
      "package-lock.json",
    ],
    stamp: "apps/server/dist/pglite-template.hash",
    // Without it a first start runs initdb instead: slower, never broken.
    optional: true,
    command: [process.execPath, r("apps/server/dist/build-pglite-template.js"), r("apps/server/dist/pglite-template")],
  },
  {
    name: "web",
    what: "the web client",
    inputs: ["apps/web/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/tsconfig.json", "apps/web/package.json", "packages/shared/src", "tsconfig.base.json", "package-lock.json"],
    stamp: "apps/web/dist/.build-hash",
    // Built beside dist/ and swapped in when complete: a failed build leaves the last good client in place, and a
    // running server never serves half a build.
    command: [process.execPath, r("node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn", "--outDir", r("node_modules/.cache/atendo-web-next"), "--emptyOutDir"],
    cwd: "apps/web",
    after: () => swapFolders(r("node_modules/.cache/atendo-web-next"), r("apps/web/dist")),
  },
];

function swapFolders(next, current) {
  const old = r("node_modules/.cache/atendo-web-old");
  rmSync(old, { recursive: true, force: true });
  if (existsSync(current)) renameSync(current, old);
  renameSync(next, current);
  rmSync(old, { recursive: true, force: true });
}

function listFiles(rel) {
  const abs = r(rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.name !== "node_modules" && e.name !== "dist" && !/\.test\.tsx?$/.test(e.name))
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(rel, e.name)) : [path.join(rel, e.name)]));
}

const inputFiles = (target) => target.inputs.flatMap(listFiles).sort();

/** The content hash of a target's inputs: what decides whether its build is current. */
function inputsHash(target) {
  const hash = createHash("sha256");
  hash.update(`node ${process.versions.node.split(".")[0]}\n`);
  for (const file of inputFiles(target)) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(r(file)));
  }
  return hash.digest("hex");
}

/** Names, sizes and modification times: when they match the stamp's, the contents are not read and hashed again. */
function inputsStats(target) {
  const hash = createHash("sha256");
  for (const file of inputFiles(target)) {
    const st = statSync(r(file));
    hash.update(`${file} ${st.size} ${st.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

function readStamp(target) {
  try {
    return JSON.parse(readFileSync(r(target.stamp), "utf8"));
  } catch {
    return undefined;
  }
}

function writeStamp(target, stamp) {
  mkdirSync(path.dirname(r(target.stamp)), { recursive: true });
  writeFileSync(r(target.stamp), `${JSON.stringify(stamp)}\n`);
}

function isCurrent(target) {
  const stamp = readStamp(target);
  if (!stamp) return false;
  const stats = inputsStats(target);
  if (stamp.stats === stats) return true;
  // Touched but maybe not changed (a checkout, a formatter): the contents decide.
  if (stamp.hash !== inputsHash(target)) return false;
  writeStamp(target, { hash: stamp.hash, stats });
  return true;
}

/** The targets whose output is missing or was built from other inputs. */
export function staleTargets({ force = false, only = null } = {}) {
  return TARGETS.filter((t) => (!only || only.includes(t.name)) && (force || !isCurrent(t)));
}

/**
 * Builds what is stale, one build at a time across processes (a lock in node_modules/.cache). Returns success.
 * `only`: target names (the server tests need the server and the template, not the web client).
 */
export async function buildStale({ force = false, quiet = false, only = null } = {}) {
  if (staleTargets({ force, only }).length === 0) {
    if (!quiet) console.log("build: everything is up to date");
    return true;
  }
  const { default: lockfile } = await import(pathToFileURL(r("node_modules/proper-lockfile/index.js")).href);
  const lockDir = r("node_modules/.cache");
  mkdirSync(lockDir, { recursive: true });
  const lockTarget = path.join(lockDir, "atendo-build");
  if (!existsSync(lockTarget)) writeFileSync(lockTarget, "");
  const release = await lockfile.lock(lockTarget, { stale: 60_000, update: 10_000, retries: { retries: 600, minTimeout: 500, maxTimeout: 1000 } });
  try {
    // Another process may have built while this one waited for the lock.
    for (const target of staleTargets({ force, only })) {
      const started = Date.now();
      // The inputs as they are when the build starts: one edited during the build makes the next start build again.
      const stamp = { hash: inputsHash(target), stats: inputsStats(target) };
      console.log(`build: ${target.what} (${target.name}) changed, building...`);
      const res = spawnSync(target.command[0], target.command.slice(1), { cwd: r(target.cwd ?? "."), stdio: "inherit" });
      if (res.status !== 0 && target.optional) {
        console.warn(`build: building ${target.what} failed; starting without it`);
        continue;
      }
      if (res.status !== 0) {
        console.error(`build: building ${target.what} failed`);
        return false;
      }
      target.after?.();
      writeStamp(target, stamp);
      console.log(`build: ${target.what} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return true;
  } finally {
    await release();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const ok = await buildStale({ force: args.includes("--force"), quiet: args.includes("--quiet") });
  if (!ok && args.includes("--if-possible")) {
    console.warn("build: not built now; `npm start` builds what is missing before starting");
  } else if (!ok) {
    process.exit(1);
  }
}
