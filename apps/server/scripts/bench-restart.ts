// `npm run bench:restart`: a server on the embedded database (PGlite) is killed with SIGKILL and started again on the
// same data folder, as a supervisor (systemd Restart=always, Docker restart policy) would: at once, and again every
// 250 ms while it refuses to start. Prints, per run and as a median: how many starts were refused, the time from the
// first spawn to POST /auth/login answering, and to the demo simulator connection taking a customer message again
// (its session runs in the new process and is CONNECTED). The baseline in the same run: the same server stopped
// cleanly (SIGTERM: lock and leases released) and started again, which is what start-up itself costs on this machine.
//   BENCH_RUNS  kill + restart rounds (default 3), each on a fresh data folder
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../src/test/free-port.js";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const DEMO_PASSWORD = "bench-restart-demo";
const GIVE_UP_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function spawnServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      INSTANCE_ID: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      JWT_SECRET: "bench-restart-secret-bench-restart-secret-01",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      SIMULATOR_ENABLED: "true",
      ADMIN_PASSWORD: "bench-restart-admin-1",
      DEMO_PASSWORD,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

async function login(base: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.test", password: DEMO_PASSWORD }),
    });
    if (res.status !== 200) return undefined;
    return ((await res.json()) as { token: string }).token;
  } catch {
    return undefined;
  }
}

async function api(base: string, token: string, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** A customer message through the simulator: accepted only when the session runs in the server and is CONNECTED. */
async function customerWrites(base: string, token: string, whatsappId: number, number: string): Promise<boolean> {
  try {
    const res = await api(base, token, "POST", `/simulator/${whatsappId}/chats/${number}/messages`, { type: "text", body: "bench" });
    return res.status === 201;
  } catch {
    return false;
  }
}

/** Spawns until a process stays up (a refused start exits at once), as a supervisor restarting every 250 ms. */
async function superviseUntil(dataDir: string, port: number, start: number): Promise<{ child: ChildProcess; refused: number; token: string }> {
  let refused = 0;
  for (;;) {
    const child = spawnServer(dataDir, port);
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    let exited = false;
    child.once("exit", () => (exited = true));
    const base = `http://127.0.0.1:${port}`;
    while (!exited) {
      const token = await login(base);
      if (token) return { child, refused, token };
      if (Date.now() - start > GIVE_UP_MS) throw new Error(`server did not answer within ${GIVE_UP_MS} ms:\n${stderr}`);
      await sleep(20);
    }
    if (!/Another Atendo process/.test(stderr)) throw new Error(`server exited:\n${stderr}`);
    refused++;
    await sleep(250);
  }
}

const killed = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once("exit", r)));

interface Restart {
  refused: number;
  loginMs: number;
  connectedMs: number;
}

/** Stops the server (SIGKILL or SIGTERM), starts it again on the same folder and port, and times its return. */
async function restart(
  child: ChildProcess,
  signal: "SIGKILL" | "SIGTERM",
  dataDir: string,
  port: number,
  demo: { id: number; number: string },
): Promise<{ child: ChildProcess; result: Restart }> {
  child.kill(signal);
  await killed(child);
  const base = `http://127.0.0.1:${port}`;
  const start = Date.now();
  const next = await superviseUntil(dataDir, port, start);
  const loginMs = Date.now() - start;
  while (!(await customerWrites(base, next.token, demo.id, demo.number))) {
    if (Date.now() - start > GIVE_UP_MS) throw new Error("the session did not come back");
    await sleep(20);
  }
  return { child: next.child, result: { refused: next.refused, loginMs, connectedMs: Date.now() - start } };
}

async function run(): Promise<{ crash: Restart; clean: Restart }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-bench-restart-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  try {
    const first = await superviseUntil(dataDir, port, Date.now());
    child = first.child;
    const connections = (await (await api(base, first.token, "GET", "/whatsapp")).json()) as { id: number; provider: string }[];
    const connection = connections.find((c) => c.provider === "simulator");
    if (!connection) throw new Error("no simulator connection in the demo company");
    const contacts = (await (await api(base, first.token, "GET", `/simulator/${connection.id}/contacts`)).json()) as { number: string }[];
    const number = contacts[0]?.number;
    if (!number) throw new Error("no simulator contact in the demo company");
    const demo = { id: connection.id, number };
    while (!(await customerWrites(base, first.token, demo.id, demo.number))) await sleep(50);

    const clean = await restart(child, "SIGTERM", dataDir, port, demo);
    child = clean.child;
    const crash = await restart(child, "SIGKILL", dataDir, port, demo);
    child = crash.child;
    return { crash: crash.result, clean: clean.result };
  } finally {
    if (child) {
      child.kill("SIGTERM");
      await killed(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const describe = (r: Restart) => `refused starts ${r.refused}, /auth/login answers after ${seconds(r.loginMs)}, session CONNECTED (a customer message taken) after ${seconds(r.connectedMs)}`;
const results: { crash: Restart; clean: Restart }[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await run();
  results.push(r);
  console.log(`run ${i + 1}: after kill -9: ${describe(r.crash)}\n       baseline, after a clean stop: ${describe(r.clean)}`);
}
const summary = (pick: (r: { crash: Restart; clean: Restart }) => Restart) => ({
  refused: median(results.map((r) => pick(r).refused)),
  loginMs: median(results.map((r) => pick(r).loginMs)),
  connectedMs: median(results.map((r) => pick(r).connectedMs)),
});
const crash = summary((r) => r.crash);
const clean = summary((r) => r.clean);
console.log(`median of ${RUNS} (from the first spawn after the stop):`);
console.log(`  after kill -9:        ${describe(crash)}`);
console.log(`  after a clean stop:   ${describe(clean)}`);
console.log(`  kill -9 costs ${seconds(crash.loginMs - clean.loginMs)} more to log in and ${seconds(crash.connectedMs - clean.connectedMs)} more to CONNECTED than a clean restart`);
