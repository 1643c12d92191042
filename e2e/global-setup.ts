import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium.js";
import { startFakeAsaas } from "../apps/server/src/test/fakes/asaas.js";
import { serveMailbox, startFakeSmtp } from "../apps/server/src/test/fakes/smtp.js";
import { startFakeOpenAi } from "../apps/server/src/test/fakes/openai.js";
import { startFakeGraphApi } from "../apps/server/src/test/fakes/graph-api.js";
import { freePort } from "../apps/server/src/test/free-port.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** One per e2e worker (see setup below). */
    stacks: E2eStack[];
    chromiumPath: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const E2E_PASSWORDS = { admin: "super-admin-pass", demo: "demo-pass-123" };
const ASAAS_WEBHOOK_TOKEN = "e2e-asaas-webhook-token-0123456789";

/** What one e2e worker talks to: its own server with its own database and fakes. */
export interface E2eStack {
  baseUrl: string;
  /** The fake Asaas the server charges through (billing e2e); its test controls live at `${asaasControlUrl}/__control`. */
  asaasControlUrl: string;
  asaasKey: string;
  /** The fake SMTP server's mailbox (signup and reset codes): GET `${mailboxUrl}/messages?to=<address>`. */
  mailboxUrl: string;
  /** The fake Graph API (WhatsApp Cloud API): POST `${graphApiUrl}/__control/phones`, GET `/__control/sent`. */
  graphApiUrl: string;
}

/**
 * The e2e files run on `E2E_SERVERS` workers at once (default 2, see vitest.config.ts), each worker's files one after
 * another on a stack of its own (e2e/browser.ts picks it by VITEST_POOL_ID): files in one worker share a server and
 * its demo company, as they always have, and never meet another worker's files.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) throw new Error("Chromium not found: install Debian's chromium package or set CHROMIUM_PATH");
  const count = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
  // The first start builds what is stale (a lone e2e run); the others start from that build at once.
  const first = await startStack(0, true);
  const started = [{ status: "fulfilled", value: first } as const, ...(await Promise.allSettled(Array.from({ length: count - 1 }, (_, i) => startStack(i + 1, false))))];
  const stacks = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failure = started.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failure) {
    await Promise.all(stacks.map((s) => s.close()));
    throw failure.reason;
  }
  project.provide("stacks", stacks.map(({ close: _close, ...stack }) => stack));
  project.provide("chromiumPath", chromium);
  return async () => {
    await Promise.all(stacks.map((s) => s.close()));
  };
}

/**
 * Starts the real server as `npm start` does (built client, seeded demo data) on a fresh database:
 * PGlite in a temporary folder, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
async function startStack(index: number, build: boolean): Promise<E2eStack & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atendo-e2e-"));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const name = `atendo_e2e_${Date.now()}_${index}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const port = await freePort();
  // Payments go to a fake Asaas, which posts its webhooks back to this server.
  const asaas = await startFakeAsaas({ webhookUrl: `http://127.0.0.1:${port}/webhooks/asaas`, webhookToken: ASAAS_WEBHOOK_TOKEN });
  // Mail goes to a local SMTP server; tests read it over HTTP (e2e/mailbox.ts).
  const smtp = await startFakeSmtp();
  const mailbox = await serveMailbox(smtp);
  // AI prompts answer through a fake OpenAI (OPENAI_API_URL is a server setting): each answer names what it answers,
  // "Resposta da IA: <the customer's last message>" (e2e/tests/prompts.test.ts).
  const openai = await startFakeOpenAi({
    reply: (req) => {
      if (req.path !== "/v1/chat/completions") return undefined;
      const users = (req.body?.messages ?? []).filter((m: { role: string }) => m.role === "user");
      return `Resposta da IA: ${String(users.at(-1)?.content ?? "")}`;
    },
  });
  // Cloud API connections talk to it (WHATSAPP_CLOUD_API_URL): its URL must be known before the server starts.
  const graph = await startFakeGraphApi();
  // scripts/start.mjs, as `npm start`: builds what changed (server, database template, client), runs the compiled server.
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs"), ...(build ? [] : ["--no-build"])], {
    cwd: path.join(ROOT, "apps/server"),
    env: {
      ...process.env,
      PORT: String(port),
      // Every interface, as a LAN install: e2e/tests/delivery.test.ts opens the app through a non-loopback address.
      HOST: "0.0.0.0",
      // With REDIS_URL (CI's PostgreSQL pass) every server would hear the others' rooms: channels of its own.
      REDIS_KEY_PREFIX: `atendo-e2e-${process.pid}-${index}`,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
      ADMIN_PASSWORD: E2E_PASSWORDS.admin,
      DEMO_PASSWORD: E2E_PASSWORDS.demo,
      LOGIN_RATE_LIMIT_PER_IP: "10000",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      ASAAS_API_URL: asaas.url,
      ASAAS_WEBHOOK_TOKEN: ASAAS_WEBHOOK_TOKEN,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Atendo <no-reply@atendo.test>",
      CODE_RATE_LIMIT_PER_IP: "10000",
      OPENAI_API_URL: openai.url,
      WHATSAPP_CLOUD_API_URL: graph.url,
      WHATSAPP_CLOUD_API_VERSION: graph.version,
      // The local fakes are on loopback, which the SSRF guard refuses unless allowed.
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1,localhost",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    // npm test builds beforehand; a lone e2e run may build the client here first (slow on a busy machine).
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in time:\n${output}`));
    }, 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(`[server ${index + 1}] ${chunk.toString()}`);
      if (output.includes("is running at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  await raiseDemoPlanConnections(`http://127.0.0.1:${port}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    asaasControlUrl: asaas.url.replace(/\/v3$/, ""),
    asaasKey: asaas.apiKey,
    mailboxUrl: mailbox.url,
    graphApiUrl: graph.url,
    async close() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      await asaas.close();
      await mailbox.close();
      await smtp.close();
      await openai.close();
      await graph.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The e2e files share this server and several add connections of their own (some while others run): the demo plan's
 * 5 would be reached by the order the files happen to run in. The super admin raises it, as an operator would.
 */
async function raiseDemoPlanConnections(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@atendo.local", password: E2E_PASSWORDS.admin }),
  });
  if (!login.ok) throw new Error(`super admin login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const plans = (await (await fetch(`${baseUrl}/plans/all`, { headers })).json()) as Array<Record<string, unknown> & { id: number; name: string }>;
  const plan = plans.find((p) => p.name === "Completo");
  if (!plan) throw new Error("demo plan not found");
  const { id, createdAt, updatedAt, ...fields } = plan;
  void createdAt;
  void updatedAt;
  const res = await fetch(`${baseUrl}/plans/${id}`, { method: "PUT", headers, body: JSON.stringify({ ...fields, connections: 20 }) });
  if (!res.ok) throw new Error(`raising the demo plan failed: ${res.status} ${await res.text()}`);
}
