import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { messages, queueIntegrations, ticketNotes, tickets } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { ingestMessage } from "../ingestion/ingest-message.js";
import { brazilianMobile, customerText, ingestDepsOf } from "../ingestion/test-support.js";
import { createConnection, createQueue, createTicket, linkQueues, ticketOf, waitFor } from "../tickets/flow/flow.test-helpers.js";
import { startFakeWebhook, type FakeWebhook } from "../test/fakes/webhook.js";
import { startFakeTypebot, type FakeTypebot } from "../test/fakes/typebot.js";
import { integrationSecretBox, sealIntegrationSecret } from "./integration-secrets.js";

/** The runtime through the real pipeline: customer messages in through ingestion, the turns in their pg-boss job. */
let database: Database;
let app: TestApp;
let hook: FakeWebhook;
let typebot: FakeTypebot;
const TIMEOUT_MS = 3_000;

beforeAll(async () => {
  database = await createTestDatabase();
  // A short service timeout so the hanging-service cases end quickly.
  app = await createTestApp(database, { outboundTimeoutMs: TIMEOUT_MS });
  hook = await startFakeWebhook();
  typebot = await startFakeTypebot({
    publicId: "atendimento",
    start: "welcome",
    steps: {
      welcome: { bubbles: [{ type: "text", text: "Olá! Como posso ajudar?" }], input: { type: "choice", items: [{ label: "Vendas", next: "sales" }, { label: "Suporte", next: "support" }] } },
      sales: { bubbles: [{ type: "text", text: "Ótimo, vamos falar de vendas." }], input: { type: "text", next: "bye" } },
      support: { bubbles: [{ type: "text", text: "Certo, suporte." }], input: { type: "text", next: "bye" } },
      bye: { bubbles: [{ type: "text", text: "Obrigado, até logo!" }] },
    },
  });
});
afterAll(async () => {
  await hook.close();
  await typebot.close();
  await app.close();
  await database.close();
});

const SECRET = "whsec_test_secret_for_the_fake_receiver_0001";

async function integration(companyId: number, values: Partial<typeof queueIntegrations.$inferInsert> & { type: (typeof queueIntegrations.$inferInsert)["type"] }) {
  const box = integrationSecretBox(app.deps.config.whatsappEncryptionKey);
  const [row] = await database.db
    .insert(queueIntegrations)
    .values({ companyId, name: `${values.type} bot`, webhookSecret: sealIntegrationSecret(box, companyId, "webhookSecret", SECRET), typebotDelayMessage: 0, ...values })
    .returning();
  return row!;
}

/** A company whose connection has one queue held by `integrationId`; answers how to make its customer talk. */
async function scene(values: Parameters<typeof integration>[1]) {
  const company = await createCompany(database.db);
  const bot = await integration(company.id, values);
  const queue = await createQueue(database.db, company.id, { integrationId: bot.id, greetingMessage: "Um atendente já vai falar com você." });
  const connection = await createConnection(database.db, company.id);
  await linkQueues(database.db, company.id, connection.id, [queue.id]);
  const customer = { number: brazilianMobile(), pushName: "Joana Lima" };
  let clock = Date.now();
  const says = async (body: string) => {
    clock += 10_000;
    await ingestMessage(ingestDepsOf(app), { companyId: company.id, whatsappId: connection.id }, customerText(customer, body, { timestamp: new Date(clock) }));
  };
  const ticket = async () => {
    const [row] = await database.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    return row!;
  };
  const botSaid = async () => {
    const t = await ticket();
    const rows = await database.db.select().from(messages).where(and(eq(messages.ticketId, t.id), eq(messages.fromMe, true))).orderBy(asc(messages.id));
    return rows;
  };
  const notes = async () => database.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, (await ticket()).id));
  return { company, bot, queue, connection, customer, says, ticket, botSaid, notes };
}

describe("conversation turns", () => {
  it("webhook: each customer message is POSTed signed; texts come back as the bot's; a handover leaves a note", async () => {
    hook.secret = SECRET;
    hook.respond = (call) => {
      const text = String((call.body.message as { text: string }).text);
      if (text === "humano") return { json: { replies: [{ type: "text", text: "Vou chamar alguém." }], action: "handover", note: "O cliente pediu um humano" } };
      return { json: { replies: [{ type: "text", text: `Eco: ${text}` }], state: { turns: ((call.body.state as { turns?: number }).turns ?? 0) + 1 } } };
    };
    const s = await scene({ type: "webhook", urlN8N: hook.url });
    await s.says("Oi");
    await waitFor(async () => (await s.botSaid()).length === 1);
    expect((await s.botSaid()).map((m) => [m.body, m.automatic])).toEqual([["Eco: Oi", true]]);
    const call = hook.calls.find((c) => (c.body.company as { id: number }).id === s.company.id)!;
    expect(call.signatureValid).toBe(true);
    expect(call.headers["x-atendo-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    const t = await s.ticket();
    expect(call.body).toMatchObject({
      event: "message",
      company: { id: s.company.id },
      connection: { id: s.connection.id },
      ticket: { id: t.id, uuid: t.uuid, queueId: s.queue.id },
      contact: { name: "Joana Lima", number: s.customer.number },
      message: { text: "Oi", mediaType: "text", mediaUrl: null },
      state: {},
    });
    expect(t).toMatchObject({ useIntegration: true, integrationId: s.bot.id, queueId: s.queue.id, status: "pending" });

    await s.says("tudo bem?");
    await waitFor(async () => (await s.botSaid()).length === 2);
    const second = hook.calls.filter((c) => (c.body.company as { id: number }).id === s.company.id)[1]!;
    expect(second.body.state).toEqual({ turns: 1 });

    await s.says("humano");
    await waitFor(async () => !(await s.ticket()).useIntegration);
    expect((await s.botSaid()).map((m) => m.body)).toEqual(["Eco: Oi", "Eco: tudo bem?", "Vou chamar alguém."]);
    expect(await s.ticket()).toMatchObject({ status: "pending", queueId: s.queue.id, userId: null });
    expect((await s.notes()).map((n) => [n.note, n.userId])).toEqual([["O cliente pediu um humano", null]]);

    // After the handover the bot keeps quiet.
    const before = hook.calls.length;
    await s.says("alô?");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(hook.calls.length).toBe(before);
  });

  it("n8n: an array answer with `output` (n8n's AI agent) is sent back", async () => {
    hook.secret = SECRET;
    hook.respond = () => ({ json: [{ output: "Resposta do n8n" }] });
    const s = await scene({ type: "n8n", urlN8N: hook.url });
    await s.says("Olá n8n");
    await waitFor(async () => (await s.botSaid()).length === 1);
    expect((await s.botSaid())[0]!.body).toBe("Resposta do n8n");
    expect(hook.calls.filter((c) => (c.body.company as { id: number }).id === s.company.id).every((c) => c.signatureValid && (c.body.integration as { type: string }).type === "n8n")).toBe(true);
  });

  it("typebot: a two-choice menu, the customer's number picks, bubbles follow; the finish keyword hands over", async () => {
    const s = await scene({ type: "typebot", urlN8N: typebot.url, typebotSlug: "atendimento", typebotKeywordFinish: "#sair", typebotUnknownMessage: "Não entendi, escolha uma opção:" });
    await s.says("Oi");
    await waitFor(async () => (await s.botSaid()).length === 2);
    expect((await s.botSaid()).map((m) => m.body)).toEqual(["Olá! Como posso ajudar?", "1 - Vendas\n2 - Suporte"]);

    await s.says("7");
    await waitFor(async () => (await s.botSaid()).length === 4);
    expect((await s.botSaid()).slice(2).map((m) => m.body)).toEqual(["Não entendi, escolha uma opção:", "1 - Vendas\n2 - Suporte"]);

    await s.says("2");
    await waitFor(async () => (await s.botSaid()).length === 5);
    expect((await s.botSaid())[4]!.body).toBe("Certo, suporte.");
    const continued = typebot.requests.filter((r) => r.path.endsWith("/continueChat"));
    expect(continued.at(-1)!.body).toMatchObject({ message: { type: "text", text: "Suporte" } });

    await s.says("#sair");
    await waitFor(async () => !(await s.ticket()).useIntegration);
    expect(await s.ticket()).toMatchObject({ status: "pending", queueId: s.queue.id, userId: null });
    expect((await s.notes())[0]!.note).toMatch(/finaliza/);
  });

  it("typebot: image bubbles arrive as media; a flow that ends hands the ticket over", async () => {
    const tb = await startFakeTypebot({
      publicId: "midia",
      start: "a",
      steps: {
        a: { bubbles: [{ type: "text", text: "Veja:" }, { type: "image", url: "PLACEHOLDER" }], input: { type: "text", next: "end" } },
        end: { bubbles: [{ type: "text", text: "Fim." }] },
      },
    });
    try {
      // The image bubble points at the fake's own media route.
      tb.steps.a!.bubbles[1] = { type: "image", url: tb.mediaUrl("foto.png") };
      const s = await scene({ type: "typebot", urlN8N: tb.url, typebotSlug: "midia" });
      await s.says("Oi");
      await waitFor(async () => (await s.botSaid()).length === 2);
      const [text, image] = await s.botSaid();
      expect(text!.body).toBe("Veja:");
      expect(image).toMatchObject({ mediaType: "image", mimetype: "image/png", mediaStatus: "ready" });
      expect(await app.deps.storage.exists(image!.mediaPath!)).toBe(true);
      await s.says("ok");
      await waitFor(async () => !(await s.ticket()).useIntegration);
      expect((await s.botSaid()).at(-1)!.body).toBe("Fim.");
      expect((await s.notes())[0]!.note).toMatch(/Typebot/);
    } finally {
      await tb.close();
    }
  });

  it("a service that hangs is cut by the timeout: the ticket goes to a human with a note, the customer gets the queue's greeting", async () => {
    const slow = await startFakeWebhook();
    slow.hang = true;
    try {
      const s = await scene({ type: "webhook", urlN8N: slow.url, name: "Lento" });
      await s.says("Oi");
      await waitFor(async () => !(await s.ticket()).useIntegration, 20_000);
      expect(await s.ticket()).toMatchObject({ status: "pending", queueId: s.queue.id });
      expect((await s.notes())[0]!.note).toBe('Falha na integração "Lento" (tempo esgotado): atendimento humano.');
      expect((await s.botSaid()).map((m) => m.body)).toEqual(["Um atendente já vai falar com você."]);
    } finally {
      await slow.close();
    }
  });

  it("one company's hanging integration does not hold up another company's bot", async () => {
    const slow = await startFakeWebhook();
    slow.hang = true;
    try {
      const stuck = await scene({ type: "webhook", urlN8N: slow.url, name: "Travado" });
      await stuck.says("Oi");
      await waitFor(async () => slow.calls.length > 0);
      hook.secret = SECRET;
      hook.respond = () => ({ json: { text: "Rápido!" } });
      const quick = await scene({ type: "webhook", urlN8N: hook.url });
      await quick.says("Oi");
      await waitFor(async () => (await quick.botSaid()).length === 1);
      // The other company's turn is still waiting on its service: it did not block this one.
      expect((await stuck.ticket()).useIntegration).toBe(true);
      expect((await quick.botSaid())[0]!.body).toBe("Rápido!");
    } finally {
      await slow.close();
    }
  });

  it("an agent accepting the ticket stops the bot", async () => {
    hook.secret = SECRET;
    hook.respond = () => ({ json: { text: "bot aqui" } });
    const s = await scene({ type: "webhook", urlN8N: hook.url });
    await s.says("Oi");
    await waitFor(async () => (await s.botSaid()).length === 1);
    const agent = await createUser(database.db, s.company.id, { profile: "admin" });
    const { token } = await login(app, agent.email, agent.password);
    const t = await s.ticket();
    const accepted = await app.inject({ method: "PUT", url: `/tickets/${t.id}`, headers: bearer(token), payload: { status: "open", userId: agent.id } });
    expect(accepted.statusCode).toBe(200);
    expect(await ticketOf(database.db, t.id)).toMatchObject({ useIntegration: false, status: "open", userId: agent.id });
    const before = hook.calls.length;
    await s.says("ainda aí?");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(hook.calls.length).toBe(before);
    expect((await s.botSaid()).filter((m) => m.automatic && m.body === "bot aqui")).toHaveLength(1);
  });

  it("a transfer into a queue with a bot and no agent starts it: the bot speaks first", async () => {
    hook.secret = SECRET;
    hook.respond = (call) => ({ json: { text: call.body.event === "start" ? "Olá, sou o bot do setor." : "ok" } });
    const company = await createCompany(database.db);
    const bot = await integration(company.id, { type: "webhook", urlN8N: hook.url });
    const botQueue = await createQueue(database.db, company.id, { integrationId: bot.id });
    const connection = await createConnection(database.db, company.id);
    const ticket = await createTicket(database.db, company.id, connection.id);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const { token } = await login(app, admin.email, admin.password);
    const moved = await app.inject({ method: "PUT", url: `/tickets/${ticket.id}`, headers: bearer(token), payload: { queueId: botQueue.id, userId: null, status: "pending" } });
    expect(moved.statusCode, moved.body).toBe(200);
    await waitFor(async () => (await database.db.select().from(messages).where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)))).length === 1);
    const start = hook.calls.find((c) => (c.body.ticket as { id: number } | undefined)?.id === ticket.id)!;
    expect(start.body).toMatchObject({ event: "start", message: null });
    expect(await ticketOf(database.db, ticket.id)).toMatchObject({ useIntegration: true, integrationId: bot.id, queueId: botQueue.id });
  });
});
