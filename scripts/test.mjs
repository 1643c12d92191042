#!/usr/bin/env node
// `npm test`: typecheck, unit and integration tests (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// build the web client, then the end-to-end tests in Chromium. Prints one closing line "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const e2eMarker = path.join(root, ".e2e-ran");
rmSync(e2eMarker, { force: true });

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(" ")}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return res.status === 0;
}

function vitest(label, projects) {
  const report = path.join(tmpdir(), `atendo-vitest-${label}-${process.pid}.json`);
  rmSync(report, { force: true });
  const ok = run(label, "npx", ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  let passed = 0;
  let failed = 0;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed = json.numPassedTests ?? 0;
    failed = (json.numFailedTests ?? 0) + (json.numTotalTestSuites && !ok && !json.numFailedTests ? 1 : 0);
  } else if (!ok) {
    failed = 1;
  }
  return { ok, passed, failed };
}

const db = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(`Atendo tests on ${db}${process.env.REDIS_URL ? " with Redis" : ""}`);
let passed = 0;
let failed = 0;
let ok = run("typecheck", "npm", ["run", "typecheck", "--silent"]);
if (!ok) failed += 1;

const unit = vitest("unit-and-integration", ["shared", "server", "web"]);
passed += unit.passed;
failed += unit.failed;
ok = ok && unit.ok;

const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
if (!chromium) {
  console.log("\n" + "!".repeat(78));
  console.log("!!  END-TO-END TESTS NOT RUN: no Chromium found.");
  console.log("!!  Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.");
  console.log("!".repeat(78) + "\n");
} else if (!run("build web client", "npm", ["run", "build", "--silent"])) {
  ok = false;
  failed += 1;
} else {
  const e2e = vitest("e2e", ["e2e"]);
  passed += e2e.passed;
  failed += e2e.failed;
  ok = ok && e2e.ok;
  if (e2e.ok && e2e.passed > 0) writeFileSync(e2eMarker, `${e2e.passed} end-to-end tests passed on ${db}\n`);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
