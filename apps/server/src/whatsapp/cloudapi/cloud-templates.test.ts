import { createHmac, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageView, TicketPage, TicketView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { contacts, messages, tickets } from "../../db/schema.js";
import { connectionsCompany, waitForStatus } from "../../connections/test-support.js";
import { queueOutgoingMessage } from "../../messages/queue-outgoing-message.js";
import { inboundText, type FakeGraphApi, type FakePhoneNumber } from "../../test/fakes/graph-api.js";
import { multipart, REAL_FILES } from "../../test/multipart.js";
import { type TestApp } from "../../test/helpers.js";
import { eventually } from "../../test/socket-client.js";
import { toBaileysContent } from "../baileys/map-outgoing.js";
import { ProviderError, type OutgoingContent } from "../provider.js";
import { closeCloudTestApp, startCloudTestApp } from "./cloud-test-app.js";

/**
 * Message templates on a Cloud API connection: sent through the outbox in the Graph API's template shape, the
 * customer's 24-hour window on the ticket, free text refused outside it and templates checked against the cached list.
 */
let database: Database;
let app: TestApp;
let graph: FakeGraphApi;
beforeAll(async () => {
  ({ database, graph, app } = await startCloudTestApp());
});
afterAll(() => closeCloudTestApp({ database, graph, app }));

const TEMPLATES = [
  { id: "1", name: "pedido_enviado", language: "pt_BR", status: "APPROVED", category: "UTILITY", components: [{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} saiu para entrega." }, { type: "FOOTER", text: "Loja Nuvem" }] },
  { id: "2", name: "retomar_contato", language: "pt_BR", status: "APPROVED", category: "MARKETING", components: [{ type: "BODY", text: "Podemos continuar a conversa?" }] },
];

interface Setup {
  asAdmin: Record<string, string>;
  companyId: number;
  phone: FakePhoneNumber;
  appSecret: string;
  view: WhatsAppView;
  path: string;
}

async function cloudConnection(): Promise<Setup> {
  const { asAdmin, company } = await connectionsCompany(app, database.db);
  const phone = graph.addPhone({ verifiedName: "Loja Nuvem" });
  graph.templates.set(phone.wabaId, structuredClone(TEMPLATES));
  const appSecret = `secret-${Math.random().toString(36).slice(2)}`;
  const res = await app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: asAdmin,
    payload: { name: `Nuvem ${Math.random().toString(36).slice(2, 7)}`, provider: "cloudapi", cloudPhoneNumberId: phone.id, cloudBusinessAccountId: phone.wabaId, cloudAccessToken: phone.token, cloudAppSecret: appSecret },
  });
  expect(res.statusCode, res.body).toBe(201);
  const view = res.json<WhatsAppView>();
  const path = view.cloudWebhookUrl!;
  const verify = await app.inject({ method: "GET", url: `${path}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(view.cloudVerifyToken!)}&hub.challenge=1` });
  expect(verify.statusCode).toBe(200);
  await waitForStatus(database.db, view.id, "CONNECTED");
  return { asAdmin, companyId: company.id, phone, appSecret, view, path };
}

function post(path: string, payload: unknown, secret: string) {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
  return app.inject({ method: "POST", url: path, headers: { "content-type": "application/json", "x-hub-signature-256": signature }, payload: raw });
}

const customer = () => ({ name: "Cliente Nuvem", waId: `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}` });

/** A customer's message (at `timestamp`, default now) ingested: answers its ticket id. */
async function customerWrites(s: Setup, who: { name: string; waId: string }, text: string, timestamp?: Date): Promise<number> {
  const m = inboundText(s.phone, who, text, timestamp ? { timestamp } : {});
  expect((await post(s.path, m.payload, s.appSecret)).statusCode).toBe(200);
  let ticketId = 0;
  await eventually(async () => {
    const [row] = await database.db.select().from(messages).where(and(eq(messages.whatsappId, s.view.id), eq(messages.providerId, m.id)));
    ticketId = row?.ticketId ?? 0;
    return ticketId > 0;
  });
  return ticketId;
}

describe("Cloud API templates", () => {
  it("a template queued in the outbox reaches the Graph API as type template with its body parameters", async () => {
    const s = await cloudConnection();
    const who = customer();
    const ticketId = await customerWrites(s, who, "Oi");
    const row = await database.db.transaction((tx) =>
      queueOutgoingMessage(tx, app.deps.jobs, {
        companyId: s.companyId,
        ticketId,
        body: "Olá Ana, seu pedido #42 saiu para entrega.",
        template: { name: "pedido_enviado", language: "pt_BR", parameters: ["Ana", "#42"] },
      }),
    );
    expect(row.mediaType).toBe("template");
    expect(row.data).toEqual({ template: { name: "pedido_enviado", language: "pt_BR", parameters: ["Ana", "#42"] } });
    let sent: (typeof graph.sent)[number] | undefined;
    await eventually(async () => Boolean((sent = graph.sent.find((x) => x.body.to === who.waId && x.body.type === "template"))), 10_000);
    expect(sent!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: who.waId,
      type: "template",
      template: { name: "pedido_enviado", language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "#42" }] }] },
    });
    await eventually(async () => (await database.db.select().from(messages).where(eq(messages.id, row.id)))[0]?.sendStatus === "sent");
  });

  it("providers without templates: the simulator sends the filled-in text, WhatsApp Web refuses", async () => {
    const template: OutgoingContent = { type: "template", name: "pedido_enviado", language: "pt_BR", parameters: ["Ana", "#42"], body: "Olá Ana, seu pedido #42 saiu para entrega." };
    const { asAdmin } = await connectionsCompany(app, database.db);
    const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Simulada", provider: "simulator" } })).json<WhatsAppView>();
    expect(created.capabilities.templates).toBe(false);
    await app.inject({ method: "POST", url: `/simulator/${created.id}/scan`, headers: asAdmin, payload: { qrcode: created.qrcode } });
    await waitForStatus(database.db, created.id, "CONNECTED");
    const number = "5511987650077";
    await app.inject({ method: "POST", url: `/simulator/${created.id}/contacts`, headers: asAdmin, payload: { name: "Cliente", number } });
    await app.deps.sessions.call(created.id, "send", { kind: "user", number }, template);
    const phone = (await app.inject({ method: "GET", url: `/simulator/${created.id}/chats/${number}/messages`, headers: asAdmin })).json<{ type: string; body: string }[]>();
    expect(phone.map((m) => ({ type: m.type, body: m.body }))).toEqual([{ type: "text", body: "Olá Ana, seu pedido #42 saiu para entrega." }]);

    let refused: unknown;
    try {
      toBaileysContent(template);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).code).toBe("ERR_NOT_SUPPORTED");
  });

  it("the ticket tells when the customer's window closes, in its own view and in the list", async () => {
    const s = await cloudConnection();
    const who = customer();
    const at = new Date(Date.now() - 60 * 60 * 1000);
    const ticketId = await customerWrites(s, who, "Oi, uma hora atrás", at);
    const expected = new Date(Math.floor(at.getTime() / 1000) * 1000 + 24 * 60 * 60 * 1000).toISOString();
    const view = (await app.inject({ method: "GET", url: `/tickets/${ticketId}`, headers: s.asAdmin })).json<TicketView>();
    expect(view.customerWindowExpiresAt, JSON.stringify(view)).toBe(expected);
    const list = (await app.inject({ method: "GET", url: "/tickets?showAll=true&status=pending", headers: s.asAdmin })).json<TicketPage>();
    expect(list.tickets.find((t) => t.id === ticketId)?.customerWindowExpiresAt).toBe(expected);

    // The window is the chat's: a later ticket of the same customer on the connection shows it too.
    await app.inject({ method: "PUT", url: `/tickets/${ticketId}`, headers: s.asAdmin, payload: { status: "closed" } });
    const [fresh] = await database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const [second] = await database.db
      .insert(tickets)
      .values({ companyId: s.companyId, contactId: fresh!.contactId, whatsappId: s.view.id, status: "open", uuid: randomUUID() })
      .returning();
    const secondView = (await app.inject({ method: "GET", url: `/tickets/${second!.id}`, headers: s.asAdmin })).json<TicketView>();
    expect(secondView.customerWindowExpiresAt).toBe(expected);
  });

  it("providers without a window answer null", async () => {
    const { asAdmin, company } = await connectionsCompany(app, database.db);
    const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Simulada", provider: "simulator" } })).json<WhatsAppView>();
    const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: "Cliente", number: "5511987650078" }).returning();
    const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact!.id, whatsappId: created.id, status: "open", uuid: randomUUID(), lastCustomerMessageAt: new Date() }).returning();
    const view = (await app.inject({ method: "GET", url: `/tickets/${ticket!.id}`, headers: asAdmin })).json<TicketView>();
    expect(view.customerWindowExpiresAt).toBeNull();
  });

  it("outside the window free text is refused with ERR_TEMPLATE_REQUIRED and the template goes with its variables", async () => {
    const s = await cloudConnection();
    const who = customer();
    const ticketId = await customerWrites(s, who, "Oi, ontem", new Date(Date.now() - 25 * 60 * 60 * 1000));
    const view = (await app.inject({ method: "GET", url: `/tickets/${ticketId}`, headers: s.asAdmin })).json<TicketView>();
    expect(Date.parse(view.customerWindowExpiresAt!)).toBeLessThan(Date.now());

    const text = await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { body: "Oi de novo" } });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: "ERR_TEMPLATE_REQUIRED" });
    const form = multipart({ field: "medias", name: "a.png", type: "image/png", data: REAL_FILES.png }, { body: "foto" });
    const media = await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: { ...s.asAdmin, ...form.headers }, payload: form.payload });
    expect(media.statusCode).toBe(400);
    expect(media.json()).toMatchObject({ error: "ERR_TEMPLATE_REQUIRED" });
    const stored = await database.db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    expect(stored).toHaveLength(0);

    const res = await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { template: { name: "pedido_enviado", language: "pt_BR", parameters: ["Ana", "#42"] } } });
    expect(res.statusCode, res.body).toBe(201);
    let sent: (typeof graph.sent)[number] | undefined;
    await eventually(async () => Boolean((sent = graph.sent.find((x) => x.body.to === who.waId))), 10_000);
    expect(sent!.body).toMatchObject({ type: "template", template: { name: "pedido_enviado", language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }, { type: "text", text: "#42" }] }] } });
    const list = (await app.inject({ method: "GET", url: `/messages/${ticketId}`, headers: s.asAdmin })).json<{ messages: MessageView[] }>();
    const mine = list.messages.find((m) => m.fromMe);
    expect(mine).toMatchObject({ body: "Olá Ana, seu pedido #42 saiu para entrega.", mediaType: "template" });

    // A template without variables sends no components.
    expect((await app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload: { template: { name: "retomar_contato", language: "pt_BR" } } })).statusCode).toBe(201);
    await eventually(async () => graph.sent.some((x) => x.body.to === who.waId && x.body.template?.name === "retomar_contato"), 10_000);
    expect(graph.sent.find((x) => x.body.template?.name === "retomar_contato")!.body.template).toEqual({ name: "retomar_contato", language: { code: "pt_BR" } });
  });

  it("refuses an unknown template, the wrong number of variables, and a template on another provider", async () => {
    const s = await cloudConnection();
    const ticketId = await customerWrites(s, customer(), "Oi");
    const send = (payload: object) => app.inject({ method: "POST", url: `/messages/${ticketId}`, headers: s.asAdmin, payload });
    const unknown = await send({ template: { name: "nao_existe", language: "pt_BR", parameters: [] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND", details: { name: "nao_existe", language: "pt_BR" } });
    const otherLanguage = await send({ template: { name: "pedido_enviado", language: "en_US", parameters: ["Ana", "#42"] } });
    expect(otherLanguage.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND" });
    const tooFew = await send({ template: { name: "pedido_enviado", language: "pt_BR", parameters: ["Ana"] } });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND", details: { expected: 2 } });
    expect((await send({})).json()).toMatchObject({ error: "ERR_VALIDATION" });
    // Within the window free text goes as usual.
    expect((await send({ body: "Tudo certo" })).statusCode).toBe(201);

    const { asAdmin, company } = await connectionsCompany(app, database.db);
    const created = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Simulada", provider: "simulator" } })).json<WhatsAppView>();
    const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: "Cliente", number: "5511987650079" }).returning();
    const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact!.id, whatsappId: created.id, status: "open", uuid: randomUUID() }).returning();
    const onSimulator = await app.inject({ method: "POST", url: `/messages/${ticket!.id}`, headers: asAdmin, payload: { template: { name: "pedido_enviado", language: "pt_BR", parameters: ["a", "b"] } } });
    expect(onSimulator.statusCode).toBe(400);
    expect(onSimulator.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.template" }] });
  });
});
