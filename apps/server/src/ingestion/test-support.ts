import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.js";
import { settings, whatsapps } from "../db/schema.js";
import type { TestApp } from "../test/helpers.js";
import type { InboundMessage, MessageContent, Participant } from "../whatsapp/provider.js";
import type { IngestDeps, MessageEvent } from "./ingest-message.js";

export async function createConnection(db: Db, companyId: number) {
  const [row] = await db
    .insert(whatsapps)
    .values({ companyId, name: `Conn ${randomBytes(4).toString("hex")}`, provider: "simulator", status: "CONNECTED" })
    .returning();
  return row!;
}

export async function setGroupSetting(db: Db, companyId: number, value: "enabled" | "disabled") {
  await db.insert(settings).values({ companyId, key: "CheckMsgIsGroup", value }).onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

export function ingestDepsOf(app: TestApp): IngestDeps {
  return { db: app.deps.db, realtime: app.deps.realtime, flow: app.deps.flow, jobs: app.deps.jobs, cache: app.deps.cache, logger: app.log };
}

let seq = 0;
export const providerId = () => `P${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(3).toString("hex")}`;

/** A customer's text message in a person's chat. */
export function customerText(from: Participant, body: string, extra: Partial<InboundMessage> = {}, origin: MessageEvent["origin"] = "live"): MessageEvent {
  return {
    type: "message",
    origin,
    message: {
      id: providerId(),
      chat: { kind: "user", ...(from.number ? { number: from.number } : {}), ...(from.lid ? { lid: from.lid } : {}) },
      from,
      fromMe: false,
      timestamp: new Date(),
      content: { type: "text", body },
      ...extra,
    },
  };
}

export function contentMessage(from: Participant, content: MessageContent): MessageEvent {
  return customerText(from, "", { content });
}

/** A unique Brazilian mobile with the ninth digit (canonical form). */
export function brazilianMobile(): string {
  return `55119${(80000000 + Math.floor(Math.random() * 9999999)).toString()}`;
}
