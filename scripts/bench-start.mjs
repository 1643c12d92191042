#!/usr/bin/env node
// `npm run bench:start`: how long the server takes to answer /login on a fresh database (first start) and on the same
// database again (restart), and how much memory it holds once idle, on PGlite and on PostgreSQL.
// The server is started as `npm start` starts it (scripts/start.mjs, after the builds are up to date); BENCH_CMD
// replaces that command (e.g. the old `node node_modules/tsx/dist/cli.mjs apps/server/src/main.ts`) to compare.
//   BENCH_DATABASE_URL  a PostgreSQL server to create fresh databases on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_IDLE_SECONDS  how long the server idles before its memory is read (default 10)
//   BENCH_RUNS          first start + restart pairs per database (default 1; the median is printed)
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const IDLE_MS = Number(process.env.BENCH_IDLE_SECONDS ?? 10) * 1000;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CMD = process.env.BENCH_CMD ? process.env.BENCH_CMD.split(/\s+/) : [process.execPath, ...startArgs()];

/** The node arguments `npm start` uses: the root package.json's start script, minus the leading `node`. */
function startArgs() {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const words = String(pkg.scripts.start).split(/\s+/);
  if (words[0] !== "node") throw new Error(`npm start does not start node directly: ${pkg.scripts.start}`);
  return words.slice(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process and its children (a tsx command runs the server in a child). */
function rssMb(pid) {
  let kb = 0;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  let children = "";
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8");
  } catch {
    // no children file: count the process alone
  }
  for (const child of children.split(/\s+/).filter(Boolean)) kb += rssMb(Number(child)) * 1024;
  return kb / 1024;
}

/** CPU seconds (user + system) a process and its living children have used: less noisy than wall time on a busy machine. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  let ticks = Number(fields[11]) + Number(fields[12]);
  let children = "";
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8");
  } catch {
    // no children file
  }
  for (const child of children.split(/\s+/).filter(Boolean)) ticks += cpuSeconds(Number(child)) * 100;
  return ticks / 100;
}

async function startServer(env) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(CMD[0], CMD.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  let exited = false;
  child.once("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`server exited:\n${output}`);
    if (performance.now() - t0 > 120_000) throw new Error(`no /login after 120 s:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`, { headers: { accept: "text/html" } });
      const body = await res.text();
      if (res.ok && body.includes('id="root"')) break;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  const ms = performance.now() - t0;
  const cpu = cpuSeconds(child.pid);
  return {
    ms,
    cpu,
    child,
    output: () => output,
    async stop() {
      if (!exited) {
        const done = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await done;
      }
    },
  };
}

async function measure(env) {
  const server = await startServer(env);
  await sleep(IDLE_MS);
  const rss = rssMb(server.child.pid);
  const banner = server.output().includes("is running at");
  await server.stop();
  return { ms: server.ms, cpu: server.cpu, rss, banner, output: server.output() };
}

async function pgAdmin(sql) {
  const pg = (await import("pg")).default;
  const c = new pg.Client({ connectionString: PG_BASE });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function benchDatabase(kind) {
  const firsts = [];
  const restarts = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-bench-"));
    let env = { DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" };
    let drop;
    if (kind === "postgres") {
      const name = `atendo_bench_${Date.now()}_${process.pid}`;
      await pgAdmin(`create database "${name}"`);
      const url = new URL(PG_BASE);
      url.pathname = `/${name}`;
      env = { ...env, DATABASE_URL: url.toString() };
      drop = () => pgAdmin(`drop database if exists "${name}" with (force)`);
    }
    try {
      const first = await measure(env);
      if (!first.banner) console.warn(`  (first start printed no banner)\n${first.output}`);
      firsts.push(first);
      restarts.push(await measure(env));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await drop?.();
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    first: median(firsts.map((r) => r.ms)),
    firstCpu: median(firsts.map((r) => r.cpu)),
    firstRss: median(firsts.map((r) => r.rss)),
    restart: median(restarts.map((r) => r.ms)),
    restartCpu: median(restarts.map((r) => r.cpu)),
    restartRss: median(restarts.map((r) => r.rss)),
  };
}

async function postgresReachable() {
  try {
    await pgAdmin("select 1");
    return true;
  } catch {
    return false;
  }
}

if (!process.env.BENCH_CMD) {
  // What `npm start` would build first (web client, server bundle, PGlite template) is built now, outside the timings.
  const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}
console.log(`bench:start: ${CMD.map((w) => path.relative(ROOT, w) || w).join(" ")}; idle ${IDLE_MS / 1000} s; ${RUNS} run(s)`);
const rows = [];
rows.push(["PGlite (embedded)", await benchDatabase("pglite")]);
if (await postgresReachable()) rows.push(["PostgreSQL", await benchDatabase("postgres")]);
else console.log(`PostgreSQL not reachable at ${PG_BASE}: skipped`);

const fmtS = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fmtMb = (mb) => `${Math.round(mb)} MB`;
const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
console.log(`\nWall time to /login (CPU seconds used in brackets); load average ${load}`);
console.log("| database | first start | idle RSS after first start | restart | idle RSS after restart |");
console.log("| --- | --- | --- | --- | --- |");
for (const [name, r] of rows) {
  console.log(
    `| ${name} | ${fmtS(r.first)} (${r.firstCpu.toFixed(1)}) | ${fmtMb(r.firstRss)} | ${fmtS(r.restart)} (${r.restartCpu.toFixed(1)}) | ${fmtMb(r.restartRss)} |`,
  );
}
