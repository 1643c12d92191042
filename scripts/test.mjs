#!/usr/bin/env node
// `npm test`: unit and integration tests (PGlite, or PostgreSQL with TEST_DATABASE_URL) and, beside them, the web
// client's build, the end-to-end tests in Chromium, the typecheck and the import-cycle check. Prints the ten slowest
// test files and one closing line "N passed, N failed"; exits non-zero when anything failed.
//
// Tests spend much of their time waiting and the machine has few cores, so the two lanes run at once (the end-to-end
// output is printed when they end; `--serial` runs them after the unit tests, live). See docs/PERFORMANCE.md, "Test suite".
//
// `npm test -- --database-only`: only what the database changes (the server tests and the end-to-end tests, with the
// build they need); CI's second pass, on PostgreSQL, after a full pass on PGlite.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const e2eMarker = path.join(root, ".e2e-ran");
rmSync(e2eMarker, { force: true });
const started = Date.now();
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a command; `quiet` keeps its output until it ends (for steps that run beside the tests). */
function run(label, cmd, args, { quiet = false, env = {} } = {}) {
  const t0 = Date.now();
  if (!quiet) console.log(`\n=== ${label}: ${cmd} ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
    }
    child.on("error", (err) => (output += `${err.message}\n`));
    child.on("close", (code) => {
      const ok = code === 0;
      if (quiet) {
        console.log(`\n=== ${label} (${ok ? "ok" : "FAILED"}, ${seconds(Date.now() - t0)}): ${cmd} ${args.join(" ")}`);
        if (output.trim()) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      } else {
        console.log(`=== ${label}: ${ok ? "ok" : "FAILED"} in ${seconds(Date.now() - t0)}`);
      }
      resolve(ok);
    });
  });
}

// Typecheck each package with TypeScript 7's native compiler (package.json's typescript-native: the same checks as
// TypeScript 5.9's tsc, which the import-cycle check still parses with, in a fraction of its time and on every core),
// keeping its incremental state so that a second run only checks what changed.
const tsc = path.join(root, "node_modules", "typescript-native", "bin", "tsc");
async function typecheck() {
  const cache = path.join(root, "node_modules", ".cache", "atendo-tsc7");
  mkdirSync(cache, { recursive: true });
  let ok = true;
  for (const project of ["packages/shared", "apps/server", "apps/web", "e2e"]) {
    const buildInfo = path.join(cache, `${project.replace(/\W/g, "-")}.tsbuildinfo`);
    ok = (await run(`typecheck ${project}`, tsc, ["-p", project, "--incremental", "--tsBuildInfoFile", buildInfo], { quiet: true })) && ok;
  }
  return ok;
}

const timings = [];
async function vitest(label, projects, extraArgs = [], { quiet = false } = {}) {
  const report = path.join(tmpdir(), `atendo-vitest-${label}-${process.pid}.json`);
  const fileTimes = path.join(tmpdir(), `atendo-vitest-${label}-${process.pid}-files.json`);
  rmSync(report, { force: true });
  rmSync(fileTimes, { force: true });
  const ok = await run(
    label,
    bin("vitest"),
    [
      "run",
      ...projects.flatMap((p) => ["--project", p]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      "--reporter=./scripts/vitest-file-timings.mjs",
      ...extraArgs,
    ],
    { env: { ATENDO_TEST_TIMINGS: fileTimes }, quiet },
  );
  let passed = 0;
  let failed = 0;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed = json.numPassedTests ?? 0;
    failed = (json.numFailedTests ?? 0) + (json.numTotalTestSuites && !ok && !json.numFailedTests ? 1 : 0);
    rmSync(report, { force: true });
  } else if (!ok) {
    failed = 1;
  }
  if (existsSync(fileTimes)) {
    timings.push(...JSON.parse(readFileSync(fileTimes, "utf8")));
    rmSync(fileTimes, { force: true });
  }
  return { ok, passed, failed };
}

const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
const databaseOnly = process.argv.includes("--database-only");
console.log(`Atendo tests on ${db}${process.env.REDIS_URL ? " with Redis" : ""}${databaseOnly ? " (database-only: server and end-to-end tests)" : ""}`);
const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));

// Two lanes at once: the unit and integration tests; beside them the web client's build, then the end-to-end tests
// (their output is printed when they end), then the typecheck and the import-cycle check. Both lanes spend much of
// their time waiting (timers, sockets, the browser), so on a 2-core machine they overlap well (docs/PERFORMANCE.md,
// "Test suite"). `--serial` runs the end-to-end tests after the unit tests, with their output live.
const serial = process.argv.includes("--serial");
let unitDone;
const unitFinished = new Promise((resolve) => (unitDone = resolve));
const sideLane = (async () => {
  let e2e = null;
  const built = chromium ? await run("build web client", "npm", ["run", "build", "--silent"], { quiet: true }) : true;
  if (chromium && built) {
    if (serial) await unitFinished;
    // One worker per server the e2e global setup starts (E2E_SERVERS, default 2): see e2e/global-setup.ts.
    e2e = await vitest("e2e", ["e2e"], [`--maxWorkers=${process.env.E2E_SERVERS ?? 2}`], { quiet: !serial });
  }
  const typed = databaseOnly || (await typecheck());
  const acyclic = databaseOnly || (await run("import cycles", process.execPath, [path.join(root, "scripts/check-cycles.mjs")], { quiet: true }));
  return { built, typed, acyclic, e2e };
})();

let passed = 0;
let failed = 0;
const unit = await vitest("unit-and-integration", databaseOnly ? ["server"] : ["shared", "server", "web"]);
unitDone();
passed += unit.passed;
failed += unit.failed;
let ok = unit.ok;

const { built, typed, acyclic, e2e } = await sideLane;
if (!typed) failed += 1;
if (!acyclic) failed += 1;
ok = ok && typed && acyclic;

if (!chromium) {
  console.log("\n" + "!".repeat(78));
  console.log("!!  END-TO-END TESTS NOT RUN: no Chromium found.");
  console.log("!!  Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.");
  console.log("!".repeat(78) + "\n");
} else if (!built) {
  ok = false;
  failed += 1;
} else {
  passed += e2e.passed;
  failed += e2e.failed;
  ok = ok && e2e.ok;
  if (e2e.ok && e2e.passed > 0) writeFileSync(e2eMarker, `${e2e.passed} end-to-end tests passed on ${db}\n`);
}

if (timings.length > 0) {
  console.log(`\nSlowest test files (import + set-up + tests with their hooks; ${timings.length} files):`);
  for (const t of [...timings].sort((a, b) => b.totalMs - a.totalMs).slice(0, 10)) {
    const split = `import ${seconds(t.importMs)}, set-up ${seconds(t.setupMs)}, tests ${seconds(t.testsMs)}`;
    console.log(`  ${seconds(t.totalMs).padStart(8)}  ${t.project.padEnd(6)} ${t.file}  (${split})`);
  }
}
console.log(`\nnpm test took ${seconds(Date.now() - started)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
