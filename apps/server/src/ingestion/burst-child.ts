/**
 * A process that ingests a fixed burst of customer messages through the sessions' inbound handler and per-chat
 * queue, then exits 0. The burst is the durable source: run again (after a SIGKILL), it delivers every message
 * again, as a provider redelivers what was not acknowledged (and more). Used by kill-during-burst.test.ts.
 * Environment: DATABASE_URL, BURST_COMPANY, BURST_CONNECTION, BURST_CHATS, BURST_PER_CHAT, BURST_BASE_MS.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../app.js";
import type { Config } from "../config.js";
import { openDatabase } from "../db/client.js";
import { chatKeysOf, createPerChatQueue } from "../whatsapp/sessions/per-chat-queue.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { createInboundHandler } from "./create-inbound-handler.js";
import type { MessageEvent } from "./ingest-message.js";

export const burstNumber = (chat: number) => `55119${(60000000 + chat).toString()}`;
export const burstProviderId = (chat: number, n: number) => `BURST${chat}X${n}`;

/** Round-robin over the chats, each chat's messages a second apart. */
export function burstEvents(chats: number, perChat: number, baseMs: number): MessageEvent[] {
  const list: MessageEvent[] = [];
  for (let n = 0; n < perChat; n++) {
    for (let c = 0; c < chats; c++) {
      const number = burstNumber(c);
      list.push({
        type: "message",
        origin: "live",
        message: { id: burstProviderId(c, n), chat: { kind: "user", number }, from: { number }, fromMe: false, timestamp: new Date(baseMs + n * 1000), content: { type: "text", body: `${n}` } },
      });
    }
  }
  return list;
}

async function main(): Promise<void> {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const database = await openDatabase({ databaseUrl: env("DATABASE_URL"), migrate: false });
  const config: Config = {
    nodeEnv: "test",
    port: 0,
    host: "127.0.0.1",
    dataDir: mkdtempSync(path.join(tmpdir(), "atendo-burst-")),
    jwtSecret: randomBytes(32).toString("hex"),
    whatsappEncryptionKey: Buffer.alloc(32, 7),
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 1,
    cookieSecure: false,
    trustProxy: false,
    adminEmail: "burst@atendo.local",
    seedDemo: false,
    logLevel: "silent",
    loginRateLimitPerIp: 1000,
    loginRateLimitPerEmail: 1000,
    webDist: "/nonexistent-web-dist",
    version: "burst",
    simulatorEnabled: true,
    sessionLeaseSeconds: 30,
    sessionSweep: false,
    jobsSchema: "pgboss_burst",
  };
  const app = await buildApp({ database, config });
  await app.ready();
  const handler = createInboundHandler(app.deps, app.log);
  const chats = createPerChatQueue();
  const ref = { companyId: Number(env("BURST_COMPANY")), whatsappId: Number(env("BURST_CONNECTION")) };
  const events = burstEvents(Number(env("BURST_CHATS")), Number(env("BURST_PER_CHAT")), Number(env("BURST_BASE_MS")));
  process.stdout.write("started\n");
  await Promise.all(events.map((event) => chats.run(chatKeysOf(event as ProviderEvent), () => handler(ref, event))));
  process.stdout.write("done\n");
  await app.close();
  await database.close();
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
