import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { messages, tickets, whatsapps } from "../../db/schema.js";
import { captureEvents, connectionsCompany, waitForStatus, type Emitted } from "../../connections/test-support.js";
import { inboundText, startFakeGraphApi, statusUpdate, type FakeGraphApi, type FakePhoneNumber } from "../../test/fakes/graph-api.js";
import { createTestApp, createTestDatabase, type TestApp } from "../../test/helpers.js";
import { eventually } from "../../test/socket-client.js";

/**
 * A Cloud API connection end to end on the server: created through the connections API with the fake's ids, its
 * webhook verified and fed signed deliveries through app.inject, its messages sent to the fake by the outbox.
 */
let database: Database;
let app: TestApp;
let graph: FakeGraphApi;
let emitted: Emitted[];
beforeAll(async () => {
  database = await createTestDatabase();
  graph = await startFakeGraphApi();
  app = await createTestApp(database, { whatsappCloudApiUrl: graph.url, whatsappCloudApiVersion: graph.version });
  emitted = captureEvents(app);
});
afterAll(async () => {
  await app.close();
  await graph.close();
  await database.close();
});

const APP_SECRET_PREFIX = "appsecret-marker-";

interface Setup {
  asAdmin: Record<string, string>;
  companyId: number;
  phone: FakePhoneNumber;
  appSecret: string;
  view: WhatsAppView;
  path: string;
}

async function cloudConnection(o: { verify?: boolean } = {}): Promise<Setup> {
  const { asAdmin, company } = await connectionsCompany(app, database.db);
  const phone = graph.addPhone({ verifiedName: "Loja Nuvem" });
  const appSecret = `${APP_SECRET_PREFIX}${Math.random().toString(36).slice(2)}`;
  const res = await app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: asAdmin,
    payload: { name: `Nuvem ${Math.random().toString(36).slice(2, 7)}`, provider: "cloudapi", cloudPhoneNumberId: phone.id, cloudBusinessAccountId: phone.wabaId, cloudAccessToken: phone.token, cloudAppSecret: appSecret },
  });
  expect(res.statusCode, res.body).toBe(201);
  let view = res.json<WhatsAppView>();
  const path = view.cloudWebhookUrl!;
  if (o.verify !== false) {
    const verify = await app.inject({ method: "GET", url: `${path}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(view.cloudVerifyToken!)}&hub.challenge=1158201444` });
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toBe("1158201444");
    await waitForStatus(database.db, view.id, "CONNECTED");
    view = (await app.inject({ method: "GET", url: `/whatsapp/${view.id}`, headers: asAdmin })).json<WhatsAppView>();
  }
  return { asAdmin, companyId: company.id, phone, appSecret, view, path };
}

function post(path: string, payload: unknown, secret: string | undefined) {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret !== undefined) headers["x-hub-signature-256"] = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
  return app.inject({ method: "POST", url: path, headers, payload: raw });
}

async function storedMessages(whatsappId: number, providerId: string) {
  return database.db.select().from(messages).where(and(eq(messages.whatsappId, whatsappId), eq(messages.providerId, providerId)));
}

const customer = () => ({ name: "Cliente Nuvem", waId: `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}` });

describe("Cloud API connection", () => {
  it("shows the webhook URL and verify token, verifies the webhook and connects with the number's name", async () => {
    const s = await cloudConnection({ verify: false });
    expect(s.view.provider).toBe("cloudapi");
    expect(s.view.cloudWebhookUrl).toMatch(/^\/webhooks\/whatsapp-cloud\/[A-Za-z0-9_-]{20,}$/);
    expect(s.view.cloudVerifyToken).toBeTruthy();
    expect(s.view.hasCloudAccessToken).toBe(true);
    expect(s.view.capabilities).toMatchObject({ qr: false, edit: false, delete: false, groups: false, numberCheck: false, templates: true });
    expect((await app.inject({ method: "GET", url: `${s.path}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1` })).statusCode).toBe(403);
    await waitForStatus(database.db, s.view.id, "OPENING");
    const ok = await app.inject({ method: "GET", url: `${s.path}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(s.view.cloudVerifyToken!)}&hub.challenge=42` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.body).toBe("42");
    const row = await waitForStatus(database.db, s.view.id, "CONNECTED");
    expect(row.cloudDisplayName).toBe("Loja Nuvem");
    expect(row.number).toBe(s.phone.displayPhoneNumber.replace(/\D/g, ""));
  });

  it("a bad or missing signature is 401 and stores nothing; a redelivery stores one message", async () => {
    const s = await cloudConnection();
    const m = inboundText(s.phone, customer(), "Olá, quero um orçamento");
    expect((await post(s.path, m.payload, undefined)).statusCode).toBe(401);
    expect((await post(s.path, m.payload, "not-the-secret")).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedMessages(s.view.id, m.id)).toHaveLength(0);

    expect((await post(s.path, m.payload, s.appSecret)).statusCode).toBe(200);
    expect((await post(s.path, m.payload, s.appSecret)).statusCode).toBe(200);
    await eventually(async () => (await storedMessages(s.view.id, m.id)).length === 1);
    await new Promise((r) => setTimeout(r, 300));
    const stored = await storedMessages(s.view.id, m.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toBe("Olá, quero um orçamento");
  });

  it("another company's secret or phone number cannot post into a connection", async () => {
    const a = await cloudConnection();
    const b = await cloudConnection();
    // B's payload (its own phone id) signed with B's secret, posted to A's URL: the signature does not match.
    const fromB = inboundText(b.phone, customer(), "intrusa");
    expect((await post(a.path, fromB.payload, b.appSecret)).statusCode).toBe(401);
    // Even signed with A's secret, a change for B's phone number id is not read into A.
    expect((await post(a.path, fromB.payload, a.appSecret)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await storedMessages(a.view.id, fromB.id)).toHaveLength(0);
    expect(await storedMessages(b.view.id, fromB.id)).toHaveLength(0);
    // And B's admin cannot read A's connection.
    expect((await app.inject({ method: "GET", url: `/whatsapp/${a.view.id}`, headers: b.asAdmin })).statusCode).toBe(404);
  });

  it("the agent's answer reaches the Graph API in its shape; statuses move the ticks; failed shows Meta's code", async () => {
    const s = await cloudConnection();
    const who = customer();
    const m = inboundText(s.phone, who, "Bom dia");
    expect((await post(s.path, m.payload, s.appSecret)).statusCode).toBe(200);
    await eventually(async () => (await storedMessages(s.view.id, m.id)).length === 1);
    const ticketId = (await storedMessages(s.view.id, m.id))[0]!.ticketId;
    const sendOne = async (body: string) => {
      const res = await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { body } });
      expect(res.statusCode, res.body).toBe(201);
      let sent: (typeof graph.sent)[number] | undefined;
      await eventually(async () => Boolean((sent = graph.sent.find((x) => x.phoneNumberId === s.phone.id && x.body.text?.body === body))), 10_000);
      return sent!;
    };
    const sent = await sendOne("Bom dia! Veja https://example.com");
    expect(sent.body).toMatchObject({ messaging_product: "whatsapp", recipient_type: "individual", to: who.waId, type: "text", text: { body: "Bom dia! Veja https://example.com", preview_url: true } });
    await eventually(async () => (await storedMessages(s.view.id, sent.messageId)).length === 1);

    for (const status of ["sent", "delivered", "read"] as const) expect((await post(s.path, statusUpdate(s.phone, sent.messageId, who.waId, status), s.appSecret)).statusCode).toBe(200);
    await eventually(async () => (await storedMessages(s.view.id, sent.messageId))[0]?.ack === 4);

    const late = await sendOne("Ainda está aí?");
    await eventually(async () => (await storedMessages(s.view.id, late.messageId)).length === 1);
    await post(s.path, statusUpdate(s.phone, late.messageId, who.waId, "failed", { code: 131047, title: "Re-engagement message" }), s.appSecret);
    await eventually(async () => (await storedMessages(s.view.id, late.messageId))[0]?.sendStatus === "failed");
    expect((await storedMessages(s.view.id, late.messageId))[0]!.sendError).toBe("131047: Re-engagement message");
    const list = await app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: s.asAdmin });
    expect(list.body).toContain("131047: Re-engagement message");
  });

  it("a 429 (130429) is retried and the chat's messages arrive in order", async () => {
    const s = await cloudConnection();
    const who = customer();
    const m = inboundText(s.phone, who, "Oi");
    await post(s.path, m.payload, s.appSecret);
    await eventually(async () => (await storedMessages(s.view.id, m.id)).length === 1);
    const ticketId = (await storedMessages(s.view.id, m.id))[0]!.ticketId;
    graph.failNextSends(
      { status: 429, code: 130429, message: "(#130429) Rate limit hit" },
      { status: 400, code: 131056, message: "(#131056) (Business Account, Consumer Account) pair rate limit hit" },
    );
    for (const body of ["primeira", "segunda", "terceira"]) {
      expect((await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { body } })).statusCode).toBe(201);
    }
    const bodies = () => graph.sent.filter((x) => x.body.to === who.waId).map((x) => x.body.text.body);
    await eventually(async () => bodies().length === 3, 20_000);
    expect(bodies()).toEqual(["primeira", "segunda", "terceira"]);
    // The fake has the last one before the outbox commits its 'sent' (on PostgreSQL that can come a moment later).
    const statuses = async () =>
      (await database.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))).map((r) => r.sendStatus);
    await eventually(async () => (await statuses()).every((status) => status === "sent"), 10_000);
    expect(await statuses()).toEqual(["sent", "sent", "sent"]);
  });

  it("an expired token disconnects the connection with the reason on the card", async () => {
    const s = await cloudConnection();
    const who = customer();
    const m = inboundText(s.phone, who, "Oi");
    await post(s.path, m.payload, s.appSecret);
    await eventually(async () => (await storedMessages(s.view.id, m.id)).length === 1);
    const ticketId = (await storedMessages(s.view.id, m.id))[0]!.ticketId;
    graph.expireToken(s.phone.token);
    await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { body: "vai falhar" } });
    await waitForStatus(database.db, s.view.id, "DISCONNECTED", 10_000);
    const card = (await app.inject({ method: "GET", url: `/whatsapp/${s.view.id}`, headers: s.asAdmin })).json<WhatsAppView>();
    expect(card.status).toBe("DISCONNECTED");
    expect(card.statusReason).toMatch(/^190: Error validating access token/);
  });

  it("a wrong token is an error on the card at once", async () => {
    const { asAdmin } = await connectionsCompany(app, database.db);
    const phone = graph.addPhone();
    const res = await app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: asAdmin,
      payload: { name: "Nuvem errada", provider: "cloudapi", cloudPhoneNumberId: phone.id, cloudBusinessAccountId: phone.wabaId, cloudAccessToken: "EAAGwrong", cloudAppSecret: "x" },
    });
    expect(res.statusCode).toBe(201);
    const view = res.json<WhatsAppView>();
    expect(view.status).toBe("DISCONNECTED");
    expect(view.statusReason).toMatch(/^190: /);
  });

  it("the token and the app secret never appear in an answer or an event", async () => {
    const s = await cloudConnection();
    const answers = [
      JSON.stringify(s.view),
      (await app.inject({ method: "GET", url: "/whatsapp/", headers: s.asAdmin })).body,
      (await app.inject({ method: "GET", url: `/whatsapp/${s.view.id}`, headers: s.asAdmin })).body,
      (await app.inject({ method: "PUT", url: `/whatsapp/${s.view.id}`, headers: s.asAdmin, payload: { greetingMessage: "Olá" } })).body,
    ];
    const stored = (await database.db.select().from(whatsapps).where(eq(whatsapps.id, s.view.id)))[0]!;
    // At rest: sealed, not the plain values.
    expect(stored.cloudAccessToken).not.toContain(s.phone.token);
    expect(stored.cloudAppSecret).not.toContain(s.appSecret);
    for (const text of [...answers, JSON.stringify(emitted)]) {
      expect(text).not.toContain(s.phone.token);
      expect(text).not.toContain(APP_SECRET_PREFIX);
    }
  });

  it("lists the approved templates from the Graph API, cached until refreshed", async () => {
    const s = await cloudConnection();
    graph.templates.set(s.phone.wabaId, [
      { id: "1", name: "boas_vindas", language: "pt_BR", status: "APPROVED", category: "MARKETING", components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} saiu." }] },
      { id: "2", name: "rascunho", language: "pt_BR", status: "PENDING", category: "UTILITY", components: [{ type: "BODY", text: "x" }] },
    ]);
    const first = await app.inject({ method: "GET", url: `/whatsapp/${s.view.id}/templates`, headers: s.asAdmin });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([{ name: "boas_vindas", language: "pt_BR", category: "MARKETING", components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} saiu." }], variables: 2 }]);
    graph.templates.get(s.phone.wabaId)![1]!.status = "APPROVED";
    expect((await app.inject({ method: "GET", url: `/whatsapp/${s.view.id}/templates`, headers: s.asAdmin })).json()).toHaveLength(1);
    expect((await app.inject({ method: "GET", url: `/whatsapp/${s.view.id}/templates?refresh=true`, headers: s.asAdmin })).json()).toHaveLength(2);
    // Another company's admin gets the same 404 as for a connection that does not exist, and the Graph API is not asked.
    const { asAdmin: outsider } = await connectionsCompany(app, database.db);
    const templateCalls = () => graph.requests.filter((r) => r.path.endsWith("/message_templates")).length;
    const asked = templateCalls();
    for (const url of [`/whatsapp/${s.view.id}/templates`, `/whatsapp/${s.view.id}/templates?refresh=true`]) {
      const res = await app.inject({ method: "GET", url, headers: outsider });
      expect([res.statusCode, res.json()]).toEqual([404, { error: "ERR_NO_WAPP_FOUND" }]);
    }
    expect(templateCalls()).toBe(asked);
  });

  it("keeps tickets on the Cloud API connection", async () => {
    const s = await cloudConnection();
    const m = inboundText(s.phone, customer(), "abrir ticket");
    await post(s.path, m.payload, s.appSecret);
    await eventually(async () => (await storedMessages(s.view.id, m.id)).length === 1);
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.id, (await storedMessages(s.view.id, m.id))[0]!.ticketId));
    expect(ticket!.whatsappId).toBe(s.view.id);
  });
});
