import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { cloudWebhookInbox, messages } from "../../db/schema.js";
import { connectionsCompany, waitForStatus } from "../../connections/test-support.js";
import { inboundText, type FakeGraphApi } from "../../test/fakes/graph-api.js";
import { type TestApp } from "../../test/helpers.js";
import { eventually } from "../../test/socket-client.js";
import type { ProviderEvent } from "../provider.js";
import { cloudWebhookPath } from "./cloud-webhook-url.js";
import { createCloudApiSession } from "./cloudapi-session.js";
import { createCloudInboxWriter, storeCloudDelivery } from "./cloud-webhook-inbox.js";
import type { CloudWebhookPayload } from "./map-webhook.js";
import { insertCloudConnection } from "./test-support.js";
import { closeCloudTestApp, startCloudTestApp } from "./cloud-test-app.js";

/**
 * Meta gets its 200 only once a delivery is stored: a crash between that answer and ingestion must not lose what
 * Meta will not send again.
 */
let database: Database;
let app: TestApp;
let graph: FakeGraphApi;
beforeAll(async () => {
  ({ database, graph, app } = await startCloudTestApp());
});
afterAll(() => closeCloudTestApp({ database, graph, app }));

async function connectedCloud() {
  const { company } = await connectionsCompany(app, database.db);
  const phone = graph.addPhone({ verifiedName: "Loja Inbox" });
  const { row, appSecret } = await insertCloudConnection(database.db, company.id, phone, { encryptionKey: app.deps.config.whatsappEncryptionKey });
  await app.deps.sessions.startSession(row.id);
  await waitForStatus(database.db, row.id, "CONNECTED");
  return { companyId: company.id, whatsappId: row.id, phone, appSecret, path: cloudWebhookPath(row.cloudWebhookKey!) };
}

const inboxOf = (whatsappId: number) => database.db.select().from(cloudWebhookInbox).where(eq(cloudWebhookInbox.whatsappId, whatsappId));
const stored = (whatsappId: number, providerId: string) =>
  database.db.select().from(messages).where(and(eq(messages.whatsappId, whatsappId), eq(messages.providerId, providerId)));
const customer = () => ({ name: "Cliente Inbox", waId: `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}` });

describe("Cloud API webhook inbox", () => {
  it("keeps a delivery until its message is ingested, then deletes it", async () => {
    const s = await connectedCloud();
    const m = inboundText(s.phone, customer(), "Olá pela caixa de entrada");
    const raw = JSON.stringify(m.payload);
    const signature = `sha256=${createHmac("sha256", s.appSecret).update(raw).digest("hex")}`;
    const res = await app.inject({ method: "POST", url: s.path, headers: { "content-type": "application/json", "x-hub-signature-256": signature }, payload: raw });
    expect(res.statusCode).toBe(200);
    await eventually(async () => (await stored(s.whatsappId, m.id)).length === 1);
    await eventually(async () => (await inboxOf(s.whatsappId)).length === 0);
  });

  it("ingests at the session's next start what a crash left between Meta's 200 and ingestion", async () => {
    const s = await connectedCloud();
    await app.deps.sessions.stopSession(s.whatsappId);
    // As the endpoint stores it before answering, in a process that died before the session ingested it.
    const m = inboundText(s.phone, customer(), "Mensagem que sobreviveu à queda");
    await storeCloudDelivery(database.db, s.companyId, s.whatsappId, m.payload as CloudWebhookPayload);
    expect(await stored(s.whatsappId, m.id)).toHaveLength(0);
    await app.deps.sessions.startSession(s.whatsappId);
    await eventually(async () => (await stored(s.whatsappId, m.id)).length === 1);
    await eventually(async () => (await inboxOf(s.whatsappId)).length === 0);
  });

  it("keeps a delivery whose ingestion failed, for the next start", async () => {
    const s = await connectedCloud();
    await app.deps.sessions.stopSession(s.whatsappId);
    // A session of its own whose ingestion fails (the database gone, say): the delivery must stay in the inbox.
    const seen: ProviderEvent[] = [];
    const session = createCloudApiSession(
      {
        companyId: s.companyId,
        whatsappId: s.whatsappId,
        onEvent: async (event) => {
          seen.push(event);
          if (event.type === "message") throw new Error("ingestion failed");
        },
      },
      { ...app.deps, logger: app.log },
    );
    await session.start();
    const m = inboundText(s.phone, customer(), "Mensagem que falhou");
    const inboxId = await storeCloudDelivery(database.db, s.companyId, s.whatsappId, m.payload as CloudWebhookPayload);
    await session.cloudWebhook(m.payload as CloudWebhookPayload, inboxId);
    await eventually(async () => seen.some((e) => e.type === "message"));
    await new Promise((r) => setTimeout(r, 200));
    await session.stop();
    expect((await inboxOf(s.whatsappId)).map((r) => r.id)).toEqual([inboxId]);
  });

  it("the writer stores concurrent deliveries together, each answering its own row; a row jsonb refuses fails alone", async () => {
    const s = await connectedCloud();
    const writer = createCloudInboxWriter(database);
    try {
      const raws = Array.from({ length: 5 }, (_, i) => JSON.stringify({ object: "whatsapp_business_account", entry: [], n: i }));
      // JSON.parse accepts \u0000 in a string; jsonb does not.
      const bad = JSON.stringify({ object: "whatsapp_business_account", entry: [], text: "a\u0000b" });
      const answers = await Promise.allSettled([...raws, bad].map((raw) => writer.store(s.companyId, s.whatsappId, raw)));
      expect(answers.slice(0, 5).every((a) => a.status === "fulfilled")).toBe(true);
      expect(answers[5]!.status).toBe("rejected");
      const rows = await inboxOf(s.whatsappId);
      const byId = new Map(rows.map((r) => [r.id, r.payload as { n: number }]));
      answers.slice(0, 5).forEach((a, i) => expect(byId.get((a as PromiseFulfilledResult<number>).value)?.n).toBe(i));
      expect(rows).toHaveLength(5);
    } finally {
      await writer.close();
      await database.db.delete(cloudWebhookInbox).where(eq(cloudWebhookInbox.whatsappId, s.whatsappId));
    }
  });
});
