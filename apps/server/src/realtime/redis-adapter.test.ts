import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Socket } from "socket.io-client";
import { companyEvent, type AuthEventPayload } from "@atendo/shared";
import { REPO_ROOT } from "../config.js";
import type { Database } from "../db/client.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, eventually, listen, nextEvent } from "../test/socket-client.js";

/** The machines here run Redis on the default port; REDIS_URL overrides it. */
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** Channels of this run only: other servers on the same Redis (the e2e tests' at the same time) are not heard. */
const REDIS_KEY_PREFIX = `atendo-test-${process.pid}-${Date.now()}`;

let database: Database;
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("Redis adapter between two server instances", () => {
  let one: TestApp;
  let two: TestApp;
  let urlOne: string;

  beforeAll(async () => {
    one = await createTestApp(database, { redisUrl: REDIS_URL, redisKeyPrefix: REDIS_KEY_PREFIX });
    two = await createTestApp(database, { redisUrl: REDIS_URL, redisKeyPrefix: REDIS_KEY_PREFIX });
    urlOne = await listen(one);
    await listen(two);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it("carries an event emitted by one instance to a socket connected to the other", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const agent = await createUser(database.db, company.id);
    const agentSession = await login(one, agent.email, agent.password);
    const socket = connectSocket(urlOne, agentSession.token);
    sockets.push(socket);
    await connected(socket);

    // A setting saved through instance two reaches the agent on instance one.
    const adminSession = await login(two, admin.email, admin.password);
    const got = nextEvent(socket, companyEvent.settings(company.id));
    const res = await two.inject({ method: "PUT", url: "/settings/call", headers: bearer(adminSession.token), payload: { value: "disabled" } });
    expect(res.statusCode).toBe(200);
    expect(await got).toEqual({ action: "update", setting: { key: "call", value: "disabled" } });

    // A second login on instance two signs out the socket on instance one.
    const announced = nextEvent<AuthEventPayload>(socket, companyEvent.auth(company.id));
    const closed = nextEvent<string>(socket, "disconnect");
    const second = await login(two, agent.email, agent.password);
    expect(await announced).toMatchObject({ action: "second-login", sessionId: second.sessionId });
    expect(await closed).toBe("io server disconnect");
  });
});

describe("Redis key prefix", () => {
  it("keeps apart servers that share one Redis under different prefixes (REDIS_KEY_PREFIX)", async () => {
    const mine = await createTestApp(database, { redisUrl: REDIS_URL, redisKeyPrefix: `${REDIS_KEY_PREFIX}-a` });
    const same = await createTestApp(database, { redisUrl: REDIS_URL, redisKeyPrefix: `${REDIS_KEY_PREFIX}-a` });
    const other = await createTestApp(database, { redisUrl: REDIS_URL, redisKeyPrefix: `${REDIS_KEY_PREFIX}-b` });
    try {
      const company = await createCompany(database.db);
      const admin = await createUser(database.db, company.id, { profile: "admin" });
      const agent = await createUser(database.db, company.id);
      const listening = async (app: TestApp) => {
        const session = await login(app, agent.email, agent.password);
        const socket = connectSocket(await listen(app), session.token);
        sockets.push(socket);
        await connected(socket);
        const heard: unknown[] = [];
        socket.on(companyEvent.settings(company.id), (payload: unknown) => heard.push(payload));
        return heard;
      };
      const onSame = await listening(same);
      const onOther = await listening(other);
      const adminSession = await login(mine, admin.email, admin.password);
      const res = await mine.inject({ method: "PUT", url: "/settings/call", headers: bearer(adminSession.token), payload: { value: "disabled" } });
      expect(res.statusCode).toBe(200);
      await eventually(async () => onSame.length === 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(onOther).toEqual([]);
    } finally {
      await Promise.all([mine.close(), same.close(), other.close()]);
    }
  });
});

/** Two real processes need a database both can open: PostgreSQL (PGlite belongs to one process). */
const databaseUrl = inject("databaseUrl");
describe.runIf(databaseUrl)("Redis adapter between two server processes on PostgreSQL", () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill("SIGTERM")));

  function startServer(port: number): Promise<string> {
    const child = spawn(process.execPath, [inject("serverMain")], {
      cwd: path.join(REPO_ROOT, "apps/server"),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl!,
        REDIS_URL,
        REDIS_KEY_PREFIX,
        PORT: String(port),
        HOST: "127.0.0.1",
        JWT_SECRET: "process-test-secret-process-test-secret-0123",
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        ADMIN_PASSWORD: "not-used-here-123",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let output = "";
      // Two servers starting at once beside the rest of CI on two cores: when they compiled with tsx, that passed 30 s.
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 100_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("is running at")) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  }

  it("delivers a second-login event from process B to a socket held by process A", async () => {
    const base = 20_000 + (process.pid % 20_000);
    const [urlA, urlB] = await Promise.all([startServer(base), startServer(base + 1)]);
    const company = await createCompany(database.db);
    const user = await createUser(database.db, company.id);
    const loginAt = async (url: string) => {
      const res = await fetch(`${url}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { token: string; sessionId: string };
    };
    const first = await loginAt(urlA);
    const socket = connectSocket(urlA, first.token);
    sockets.push(socket);
    await connected(socket);
    const announced = nextEvent<AuthEventPayload>(socket, companyEvent.auth(company.id), 10_000);
    const second = await loginAt(urlB);
    expect(await announced).toEqual({ action: "second-login", user: { id: user.id }, sessionId: second.sessionId });
    await eventually(async () => !socket.connected);
  }, 180_000);
});
