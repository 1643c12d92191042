import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { companyEvent, type TicketEventPayload } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { contacts as contactsTable, ticketRatings, tickets } from "../../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../../test/helpers.js";
import { ingestMessage } from "../../ingestion/ingest-message.js";
import { ingestMessages } from "../../ingestion/ingest-messages.js";
import { brazilianMobile, customerText, ingestDepsOf } from "../../ingestion/test-support.js";
import { botMessages, createConnection, createQueue, linkQueues, setSetting, ticketOf } from "./flow.test-helpers.js";
import { INVALID_OPTION_TEXT } from "./flow-rules.js";

/** The bot through the real pipeline: provider events in through ingestion, agents through PUT /tickets/:id. */
let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("the bot between ingestion and the tickets API", () => {
  it("menu, answer 2, accept with an introduction, resolve with a rating of 5", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const admin = await createUser(db, company.id, { profile: "admin", name: "Ana" });
    const sales = await createQueue(db, company.id, { name: "Vendas", orderQueue: 1 });
    const support = await createQueue(db, company.id, { name: "Suporte", orderQueue: 2, greetingMessage: "Você está no suporte." });
    const conn = await createConnection(db, company.id, { ratingMessage: "Avalie nosso atendimento", complationMessage: "Até logo!" });
    await linkQueues(db, company.id, conn.id, [sales.id, support.id]);
    await setSetting(db, company.id, "userRating", "enabled");
    await setSetting(db, company.id, "sendGreetingAccepted", "enabled");
    const deps = ingestDepsOf(app);
    const ref = { companyId: company.id, whatsappId: conn.id };
    const customer = { number: brazilianMobile(), pushName: "Carlos Souza" };

    await ingestMessage(deps, ref, customerText(customer, "Oi"));
    const [ticket] = await db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(ticket).toMatchObject({ flowStep: "menu", status: "pending" });
    await ingestMessage(deps, ref, customerText(customer, "2", { timestamp: new Date(Date.now() + 10_000) }));
    expect(await ticketOf(db, ticket!.id)).toMatchObject({ flowStep: null, queueId: support.id, status: "pending" });

    const { token } = await login(app, admin.email, admin.password);
    const accept = await app.inject({ method: "PUT", url: `/tickets/${ticket!.id}`, headers: bearer(token), payload: { status: "open" } });
    expect(accept.statusCode).toBe(200);
    const resolve = await app.inject({ method: "PUT", url: `/tickets/${ticket!.id}`, headers: bearer(token), payload: { status: "closed" } });
    expect(resolve.statusCode).toBe(200);
    expect(await ticketOf(db, ticket!.id)).toMatchObject({ status: "open", flowStep: "rating", userId: admin.id });

    await ingestMessage(deps, ref, customerText(customer, "5", { timestamp: new Date(Date.now() + 20_000) }));
    expect(await ticketOf(db, ticket!.id)).toMatchObject({ status: "closed", flowStep: null });
    expect(await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket!.id))).toMatchObject([{ rate: 5, userId: admin.id }]);
    const bodies = (await botMessages(db, ticket!.id)).map((m) => m.body);
    expect(bodies).toEqual([
      "Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte",
      "Você está no suporte.",
      expect.stringMatching(/^(Bom dia|Boa tarde|Boa noite) \*Carlos Souza\*, meu nome é \*Ana\* e agora vou prosseguir com seu atendimento!$/),
      "Avalie nosso atendimento\n\nResponda com uma nota de *1* a *5*.",
      "Até logo!",
    ]);
  });

  it("the same through group commit: several chats per batch, the bot's ticket changes written together", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const admin = await createUser(db, company.id, { profile: "admin", name: "Ana" });
    const sales = await createQueue(db, company.id, { name: "Vendas", orderQueue: 1 });
    const support = await createQueue(db, company.id, { name: "Suporte", orderQueue: 2, greetingMessage: "Você está no suporte." });
    const conn = await createConnection(db, company.id, { ratingMessage: "Avalie nosso atendimento", complationMessage: "Até logo!" });
    await linkQueues(db, company.id, conn.id, [sales.id, support.id]);
    await setSetting(db, company.id, "userRating", "enabled");
    const deps = ingestDepsOf(app);
    const ref = { companyId: company.id, whatsappId: conn.id };
    const [a, b, c] = ["Ana Cliente", "Bruno Cliente", "Carla Cliente"].map((pushName) => ({ number: brazilianMobile(), pushName }));
    const batch = (step: number, says: [typeof a, string][]) =>
      ingestMessages(
        deps,
        says.map(([customer, body]) => ({ connection: ref, event: customerText(customer!, body, { timestamp: new Date(Date.now() + step * 60_000) }) })),
      );
    const menu = "Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte";

    await batch(0, [[a, "Oi"], [b, "Olá"], [c, "Bom dia"]]);
    const rows = await db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ flowStep: "menu", flowAttempts: 0, lastMessage: menu, unreadMessages: 1 });
    const ticketOfNumber = async (number: string) =>
      (await db.select({ ticket: tickets }).from(tickets).innerJoin(contactsTable, eq(contactsTable.id, tickets.contactId)).where(eq(contactsTable.number, number)))[0]!.ticket;
    const [ta, tb, tc] = [await ticketOfNumber(a!.number), await ticketOfNumber(b!.number), await ticketOfNumber(c!.number)];

    const events: TicketEventPayload[] = [];
    const toRooms = vi.spyOn(app.deps.realtime, "toRooms").mockImplementation((_rooms, event, payload) => {
      if (event === companyEvent.ticket(company.id)) events.push(payload as TicketEventPayload);
    });
    try {
      await batch(1, [[a, "2"], [b, "9"], [c, "1"]]);
    } finally {
      toRooms.mockRestore();
    }
    expect(await ticketOf(db, ta!.id)).toMatchObject({ flowStep: null, queueId: support.id, lastMessage: "Você está no suporte." });
    expect(await ticketOf(db, tb!.id)).toMatchObject({ flowStep: "menu", flowAttempts: 1, queueId: null, lastMessage: `${INVALID_OPTION_TEXT}\n\n*1* - Vendas\n*2* - Suporte` });
    expect(await ticketOf(db, tc!.id)).toMatchObject({ flowStep: null, queueId: sales.id, lastMessage: "1" });
    expect((await botMessages(db, ta!.id)).map((m) => m.body)).toEqual([menu, "Você está no suporte."]);
    expect((await botMessages(db, tb!.id)).map((m) => m.body)).toEqual([menu, `${INVALID_OPTION_TEXT}\n\n*1* - Vendas\n*2* - Suporte`]);
    expect((await botMessages(db, tc!.id)).map((m) => m.body)).toEqual([menu]);
    // The ticket events carry the state after commit: A in its new queue.
    expect(events.some((e) => e.action === "update" && e.ticket.id === ta!.id && e.ticket.queueId === support.id)).toBe(true);

    const { token } = await login(app, admin.email, admin.password);
    await app.inject({ method: "PUT", url: `/tickets/${ta!.id}`, headers: bearer(token), payload: { status: "open" } });
    await app.inject({ method: "PUT", url: `/tickets/${ta!.id}`, headers: bearer(token), payload: { status: "closed" } });
    expect(await ticketOf(db, ta!.id)).toMatchObject({ flowStep: "rating", status: "open" });

    await batch(2, [[a, "5"], [b, "2"]]);
    expect(await ticketOf(db, ta!.id)).toMatchObject({ status: "closed", flowStep: null });
    expect(await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ta!.id))).toMatchObject([{ rate: 5, userId: admin.id }]);
    expect(await ticketOf(db, tb!.id)).toMatchObject({ flowStep: null, flowAttempts: 0, queueId: support.id, lastMessage: "Você está no suporte." });
  });
});
