import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultWorkingHours } from "@atendo/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companies, queues } from "../../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, createUser, type TestApp } from "../../test/helpers.js";
import { inTransaction } from "../in-transaction.js";
import { messages } from "../../db/schema.js";
import { createFlow } from "./create-flow.js";
import type { FlowHooks } from "./flow-hooks.js";
import { silentLogger, botMessages, createConnection, createQueue, createTicket, customerSays, linkQueues, setSetting, ticketOf } from "./flow.test-helpers.js";

const SP = "America/Sao_Paulo";
const MONDAY_10H = new Date("2026-03-02T13:00:00Z"); // Monday 10:00 in São Paulo: inside the default hours
const MONDAY_23H = new Date("2026-03-03T02:00:00Z"); // Monday 23:00 in São Paulo: outside
const seconds = (base: Date, s: number) => new Date(base.getTime() + s * 1000);
const ALWAYS_CLOSED = defaultWorkingHours().map((day) => ({ ...day, startTime: "00:00", endTime: "00:00" }));

let database: Database;
let app: TestApp;
const clock = { now: MONDAY_10H };
let flow: FlowHooks;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  flow = createFlow(app.deps, { now: () => clock.now, timeZone: SP });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  clock.now = MONDAY_10H;
});

async function companyWithTwoQueues(connection: Parameters<typeof createConnection>[2] = {}) {
  const db = database.db;
  const company = await createCompany(db);
  const sales = await createQueue(db, company.id, { name: "Vendas", orderQueue: 1, greetingMessage: "Bem-vindo às vendas" });
  const support = await createQueue(db, company.id, { name: "Suporte", orderQueue: 2, greetingMessage: "Suporte aqui, {{firstName}}" });
  const conn = await createConnection(db, company.id, connection);
  await linkQueues(db, company.id, conn.id, [support.id, sales.id]);
  return { company, sales, support, conn };
}

describe("the queue menu", () => {
  it("shows the greeting and numbered queues, then takes queue 2 on '2' with its greeting", async () => {
    const db = database.db;
    const { company, support, conn } = await companyWithTwoQueues();
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);

    let row = await ticketOf(db, ticket.id);
    expect(row).toMatchObject({ flowStep: "menu", queueId: null, flowAttempts: 0 });
    expect(row.flowStartedAt?.getTime()).toBe(MONDAY_10H.getTime());
    const [menu] = await botMessages(db, ticket.id);
    expect(menu!.body).toBe("Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte");
    expect(menu).toMatchObject({ sendStatus: "queued", automatic: true, fromMe: true });

    await customerSays(db, flow, ticket, " 2 ", seconds(MONDAY_10H, 30));
    row = await ticketOf(db, ticket.id);
    expect(row).toMatchObject({ flowStep: null, queueId: support.id, status: "pending", flowStartedAt: null });
    const sent = await botMessages(db, ticket.id);
    expect(sent.map((m) => m.body)).toEqual([menu!.body, "Suporte aqui, Maria"]);
    expect(sent[1]!.queueId).toBe(support.id);
  });

  it("repeats the menu on invalid answers up to maxUseBotQueues, then stops for good without a transfer queue", async () => {
    const db = database.db;
    const { company, conn } = await companyWithTwoQueues({ maxUseBotQueues: 2 });
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    await customerSays(db, flow, ticket, "3", seconds(MONDAY_10H, 20)); // no option 3
    await customerSays(db, flow, ticket, "vendas", seconds(MONDAY_10H, 40));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: "menu", flowAttempts: 2 });
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual([
      "Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte",
      "*Opção inválida.* Responda com o número de uma das opções:\n\n*1* - Vendas\n*2* - Suporte",
      "*Opção inválida.* Responda com o número de uma das opções:\n\n*1* - Vendas\n*2* - Suporte",
    ]);

    await customerSays(db, flow, ticket, "??", seconds(MONDAY_10H, 60));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: null, queueId: null, flowAttempts: 3, status: "pending" });
    // The bot gave up: later messages get no menu.
    await customerSays(db, flow, ticket, "alguém?", seconds(MONDAY_10H, 120));
    expect(await botMessages(db, ticket.id)).toHaveLength(3);
  });

  it("sends the ticket to the transfer queue when the answers run out", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const a = await createQueue(db, company.id, { name: "A" });
    const b = await createQueue(db, company.id, { name: "B" });
    const fallback = await createQueue(db, company.id, { name: "Recepção" });
    const conn = await createConnection(db, company.id, { maxUseBotQueues: 0, transferQueueId: fallback.id });
    await linkQueues(db, company.id, conn.id, [a.id, b.id]);
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    await customerSays(db, flow, ticket, "x", seconds(MONDAY_10H, 30));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: null, queueId: fallback.id, flowAttempts: 0 });
  });

  it("answers a burst once: messages within timeforagroup are absorbed, a valid choice is taken at once", async () => {
    const db = database.db;
    const { company, sales, conn } = await companyWithTwoQueues({ timeforagroup: 5 });
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    await customerSays(db, flow, ticket, "tudo bem?", seconds(MONDAY_10H, 1));
    await customerSays(db, flow, ticket, "preciso de ajuda", seconds(MONDAY_10H, 4.9));
    expect(await botMessages(db, ticket.id)).toHaveLength(1);
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: "menu", flowAttempts: 0 });

    await customerSays(db, flow, ticket, "1", seconds(MONDAY_10H, 2));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: null, queueId: sales.id });
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual(["Olá! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte", "Bem-vindo às vendas"]);
  });

  it("counts an invalid answer that comes after the window", async () => {
    const db = database.db;
    const { company, conn } = await companyWithTwoQueues({ timeforagroup: 5 });
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    await customerSays(db, flow, ticket, "hein", seconds(MONDAY_10H, 5));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowAttempts: 1 });
    expect(await botMessages(db, ticket.id)).toHaveLength(2);
  });
});

describe("routing without a menu", () => {
  it("joins the only queue, greeting by the setting sendGreetingMessageOneQueues", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const only = await createQueue(db, company.id, { greetingMessage: "{{greeting}}, {{name}}!" });
    const conn = await createConnection(db, company.id);
    await linkQueues(db, company.id, conn.id, [only.id]);
    const greeted = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, greeted, "oi", MONDAY_10H, true);
    expect(await ticketOf(db, greeted.id)).toMatchObject({ queueId: only.id, flowStep: null });
    expect((await botMessages(db, greeted.id)).map((m) => m.body)).toEqual(["Bom dia, Maria da Silva!"]);

    await setSetting(db, company.id, "sendGreetingMessageOneQueues", "disabled");
    const quiet = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, quiet, "oi", MONDAY_10H, true);
    expect(await ticketOf(db, quiet.id)).toMatchObject({ queueId: only.id });
    expect(await botMessages(db, quiet.id)).toHaveLength(0);
  });

  it("leaves a connection without queues alone, and never talks over an agent", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const bare = await createConnection(db, company.id);
    const ticket = await createTicket(db, company.id, bare.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    expect(await ticketOf(db, ticket.id)).toMatchObject({ queueId: null, flowStep: null, status: "pending" });
    expect(await botMessages(db, ticket.id)).toHaveLength(0);

    const { company: other, conn } = await companyWithTwoQueues();
    const agent = await createUser(db, other.id);
    const held = await createTicket(db, other.id, conn.id, { status: "open", userId: agent.id });
    await customerSays(db, flow, held, "oi", MONDAY_10H);
    expect(await ticketOf(db, held.id)).toMatchObject({ flowStep: null, queueId: null });
    expect(await botMessages(db, held.id)).toHaveLength(0);
  });

  it("sends the queue's file with its greeting", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const only = await createQueue(db, company.id, { greetingMessage: "Veja o catálogo", mediaPath: `${company.id}/queues/abc.pdf`, mediaName: "catalogo.pdf" });
    const conn = await createConnection(db, company.id);
    await linkQueues(db, company.id, conn.id, [only.id]);
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    const [greeting] = await botMessages(db, ticket.id);
    expect(greeting).toMatchObject({
      body: "Veja o catálogo",
      mediaPath: `${company.id}/queues/abc.pdf`,
      mediaName: "catalogo.pdf",
      mimetype: "application/pdf",
      mediaType: "application",
    });
  });
});

describe("out of hours", () => {
  it("scheduleType queue: the chosen queue's out-of-hours message replaces its greeting, once per window", async () => {
    const db = database.db;
    const { company, support, conn } = await companyWithTwoQueues({ outOfHoursMessage: "Conexão fechada" });
    await db.update(queues).set({ schedules: ALWAYS_CLOSED, outOfHoursMessage: "Suporte fechado, {{firstName}}" }).where(eq(queues.id, support.id));
    await setSetting(db, company.id, "scheduleType", "queue");
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    await customerSays(db, flow, ticket, "2", seconds(MONDAY_10H, 10));
    await customerSays(db, flow, ticket, "alô", seconds(MONDAY_10H, 12)); // within the window
    await customerSays(db, flow, ticket, "alô??", seconds(MONDAY_10H, 60));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ queueId: support.id, flowStep: null });
    const bodies = (await botMessages(db, ticket.id)).map((m) => m.body);
    expect(bodies.slice(1)).toEqual(["Suporte fechado, Maria", "Suporte fechado, Maria"]);
  });

  it("scheduleType company: outside the company's hours the connection's message goes out instead of the menu", async () => {
    const db = database.db;
    const { company, conn } = await companyWithTwoQueues({ outOfHoursMessage: "Estamos fechados. {{hora}}" });
    await setSetting(db, company.id, "scheduleType", "company");
    clock.now = MONDAY_23H;
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_23H, true);
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: null, queueId: null });
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual(["Estamos fechados. 23:00"]);

    // Inside the hours (company default: Mon–Fri 08–18) the menu comes.
    clock.now = MONDAY_10H;
    await db.update(companies).set({ schedules: defaultWorkingHours() }).where(eq(companies.id, company.id));
    const later = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, later, "oi", MONDAY_10H, true);
    expect(await ticketOf(db, later.id)).toMatchObject({ flowStep: "menu" });
  });

  it("scheduleType company with one queue: the ticket still joins it, and hears the out-of-hours message instead of the greeting", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const only = await createQueue(db, company.id, { greetingMessage: "Olá!" });
    const conn = await createConnection(db, company.id, { outOfHoursMessage: "Voltamos às 8h." });
    await linkQueues(db, company.id, conn.id, [only.id]);
    await setSetting(db, company.id, "scheduleType", "company");
    clock.now = MONDAY_23H;
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_23H, true);
    expect(await ticketOf(db, ticket.id)).toMatchObject({ queueId: only.id, flowStep: null });
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual(["Voltamos às 8h."]);
  });

  it("scheduleType disabled: never out of hours", async () => {
    const db = database.db;
    const { company, conn } = await companyWithTwoQueues({ outOfHoursMessage: "Estamos fechados" });
    await db.update(companies).set({ schedules: ALWAYS_CLOSED }).where(eq(companies.id, company.id));
    clock.now = MONDAY_23H;
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_23H, true);
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: "menu" });
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).not.toContain("Estamos fechados");
  });

  it("a waiting ticket in a closed queue hears the out-of-hours message; the connection's when the queue has none", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const closedQueue = await createQueue(db, company.id, { schedules: ALWAYS_CLOSED });
    const conn = await createConnection(db, company.id, { outOfHoursMessage: "Fora do horário, {{firstName}}" });
    await setSetting(db, company.id, "scheduleType", "queue");
    const ticket = await createTicket(db, company.id, conn.id, { queueId: closedQueue.id });
    await customerSays(db, flow, ticket, "oi", MONDAY_10H);
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual(["Fora do horário, Maria"]);
  });
});

describe("message variables", () => {
  it("fills firstName, name, greeting, protocol and hora in the menu", async () => {
    const db = database.db;
    const { company, conn } = await companyWithTwoQueues({ greetingMessage: "{{greeting}} {{firstName}} ({{name}}), protocolo {{protocol}}, {{hora}}" });
    clock.now = new Date("2026-03-02T20:30:00Z"); // 17:30 in São Paulo
    const ticket = await createTicket(db, company.id, conn.id, { createdAt: new Date("2026-03-02T13:00:00Z") });
    await customerSays(db, flow, ticket, "oi", clock.now, true);
    const [menu] = await botMessages(db, ticket.id);
    expect(menu!.body.split("\n")[0]).toBe(`Boa tarde Maria (Maria da Silva), protocolo 20260302${ticket.id}, 17:30`);
  });
});

describe("events", () => {
  it("after commit, the chosen queue's room gets the ticket and the no-queue room a delete; a rollback emits nothing", async () => {
    const db = database.db;
    const { company, support, conn } = await companyWithTwoQueues();
    const ticket = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, ticket, "oi", MONDAY_10H, true);
    const toRooms = vi.spyOn(app.deps.realtime, "toRooms");
    try {
      // Rolled back: neither rows nor events.
      await inTransaction(db, silentLogger, async (tx, after) => {
        const [message] = await tx
          .insert(messages)
          .values({ companyId: company.id, ticketId: ticket.id, whatsappId: conn.id, chatContactId: ticket.contactId, body: "2", providerId: "rolled-back", createdAt: seconds(MONDAY_10H, 30) })
          .returning();
        await flow.afterCustomerMessage(tx, after, { companyId: company.id, ticketId: ticket.id, messageId: message!.id, isNewTicket: false });
        throw new Error("roll back");
      }).catch(() => undefined);
      // (Filtered by event: another test's outbox job may report a send failure meanwhile.)
      expect(toRooms.mock.calls.filter(([, event]) => event === `company-${company.id}-ticket`)).toEqual([]);
      expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: "menu", queueId: null });

      await customerSays(db, flow, ticket, "2", seconds(MONDAY_10H, 40));
      const ticketEvents = toRooms.mock.calls.filter(([, event]) => event === `company-${company.id}-ticket`);
      const update = ticketEvents.find(([, , payload]) => (payload as { action: string }).action === "update" && (payload as { ticket: { queueId: number | null } }).ticket.queueId === support.id);
      expect(update?.[0]).toContain(`company-${company.id}-queue-${support.id}`);
      const removal = ticketEvents.find(([, , payload]) => (payload as { action: string }).action === "delete");
      expect(removal?.[0]).toContain(`company-${company.id}-no-queue`);
      const messageEvents = toRooms.mock.calls.filter(([, event]) => event === `company-${company.id}-appMessage`);
      expect(messageEvents.length).toBeGreaterThan(0);
    } finally {
      toRooms.mockRestore();
    }
  });
});
