import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { ticketRatings } from "../../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, createUser, type TestApp } from "../../test/helpers.js";
import { inTransaction } from "../in-transaction.js";
import { createFlow } from "./create-flow.js";
import type { FlowHooks } from "./flow-hooks.js";
import { RATING_INSTRUCTION, RATING_REPEAT_TEXT } from "./flow-rules.js";
import { botMessages, createConnection, createQueue, createTicket, customerSays, linkQueues, setSetting, silentLogger, ticketOf } from "./flow.test-helpers.js";

const SP = "America/Sao_Paulo";
const NOW = new Date("2026-03-02T13:00:00Z"); // Monday 10:00 in São Paulo
const seconds = (s: number) => new Date(NOW.getTime() + s * 1000);

let database: Database;
let app: TestApp;
let flow: FlowHooks;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  flow = createFlow(app.deps, { now: () => NOW, timeZone: SP });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const hook = <T>(fn: Parameters<typeof inTransaction<T>>[2]) => inTransaction(database.db, silentLogger, fn);

async function openTicketWithAgent(connection: Parameters<typeof createConnection>[2] = {}) {
  const db = database.db;
  const company = await createCompany(db);
  const agent = await createUser(db, company.id, { name: "Ana" });
  const conn = await createConnection(db, company.id, {
    ratingMessage: "Como foi nosso atendimento?",
    complationMessage: "Obrigado, {{firstName}}! Protocolo {{protocol}}.",
    ...connection,
  });
  const ticket = await createTicket(db, company.id, conn.id, { status: "open", userId: agent.id, createdAt: NOW });
  return { company, agent, conn, ticket };
}

describe("closing and rating", () => {
  it("with userRating on, asks for a rating, records a 5 for the agent, thanks and closes", async () => {
    const db = database.db;
    const { company, agent, ticket } = await openTicketWithAgent();
    await setSetting(db, company.id, "userRating", "enabled");
    const outcome = await hook((tx, after) => flow.beforeClose(tx, after, { companyId: company.id, ticketId: ticket.id, userId: agent.id, sendFarewell: true }));
    expect(outcome).toBe("awaiting-rating");
    expect(await ticketOf(db, ticket.id)).toMatchObject({ status: "open", flowStep: "rating" });
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual([`Como foi nosso atendimento?\n\n${RATING_INSTRUCTION}`]);

    await customerSays(db, flow, ticket, "5", seconds(10));
    const closed = await ticketOf(db, ticket.id);
    expect(closed).toMatchObject({ status: "closed", flowStep: null });
    expect(closed.closedAt?.getTime()).toBe(NOW.getTime());
    const ratings = await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id));
    expect(ratings).toMatchObject([{ rate: 5, userId: agent.id, companyId: company.id }]);
    expect((await botMessages(db, ticket.id)).at(-1)!.body).toBe(`Obrigado, Maria! Protocolo 20260302${ticket.id}.`);
  });

  it("keeps a rating question that names the scale, repeats once on a wrong answer, then closes without a rating", async () => {
    const db = database.db;
    const { company, agent, ticket } = await openTicketWithAgent({ ratingMessage: "Dê uma nota de 1 a 5" });
    await setSetting(db, company.id, "userRating", "enabled");
    await hook((tx, after) => flow.beforeClose(tx, after, { companyId: company.id, ticketId: ticket.id, userId: agent.id, sendFarewell: true }));
    await customerSays(db, flow, ticket, "ótimo", seconds(10));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ status: "open", flowStep: "rating", flowAttempts: 1 });
    await customerSays(db, flow, ticket, "nota dez", seconds(12)); // within the grouping window: absorbed
    expect(await ticketOf(db, ticket.id)).toMatchObject({ status: "open", flowAttempts: 1 });
    await customerSays(db, flow, ticket, "6", seconds(30));
    expect(await ticketOf(db, ticket.id)).toMatchObject({ status: "closed", flowStep: null });
    expect(await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual([
      "Dê uma nota de 1 a 5",
      RATING_REPEAT_TEXT,
      `Obrigado, Maria! Protocolo 20260302${ticket.id}.`,
    ]);
  });

  it("without userRating, or without an agent, queues the completion message and lets the caller close", async () => {
    const db = database.db;
    const { company, agent, ticket } = await openTicketWithAgent();
    const outcome = await hook((tx, after) => flow.beforeClose(tx, after, { companyId: company.id, ticketId: ticket.id, userId: agent.id, sendFarewell: true }));
    expect(outcome).toBe("close");
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual([`Obrigado, Maria! Protocolo 20260302${ticket.id}.`]);
    expect(await ticketOf(db, ticket.id)).toMatchObject({ flowStep: null });

    await setSetting(db, company.id, "userRating", "enabled");
    const pending = await createTicket(db, company.id, ticket.whatsappId!, { status: "pending" });
    const unassigned = await hook((tx, after) => flow.beforeClose(tx, after, { companyId: company.id, ticketId: pending.id, userId: null, sendFarewell: true }));
    expect(unassigned).toBe("close");
    expect(await ticketOf(db, pending.id)).toMatchObject({ flowStep: null });
  });

  it("sendFarewell false: no rating question and no completion message", async () => {
    const db = database.db;
    const { company, agent, ticket } = await openTicketWithAgent();
    await setSetting(db, company.id, "userRating", "enabled");
    const outcome = await hook((tx, after) => flow.beforeClose(tx, after, { companyId: company.id, ticketId: ticket.id, userId: agent.id, sendFarewell: false }));
    expect(outcome).toBe("close");
    expect(await botMessages(db, ticket.id)).toHaveLength(0);
  });
});

describe("accept and transfer", () => {
  it("introduces the agent on accept only with sendGreetingAccepted, and ends an open menu", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const agent = await createUser(db, company.id, { name: "Ana" });
    const conn = await createConnection(db, company.id);
    const a = await createQueue(db, company.id);
    const b = await createQueue(db, company.id);
    await linkQueues(db, company.id, conn.id, [a.id, b.id]);

    const quiet = await createTicket(db, company.id, conn.id);
    await customerSays(db, flow, quiet, "oi", NOW, true);
    expect(await ticketOf(db, quiet.id)).toMatchObject({ flowStep: "menu" });
    await hook((tx, after) => flow.afterAccepted(tx, after, { companyId: company.id, ticketId: quiet.id, userId: agent.id }));
    expect(await ticketOf(db, quiet.id)).toMatchObject({ flowStep: null, flowStartedAt: null });
    expect(await botMessages(db, quiet.id)).toHaveLength(1); // the menu only

    await setSetting(db, company.id, "sendGreetingAccepted", "enabled");
    const greeted = await createTicket(db, company.id, conn.id);
    await hook((tx, after) => flow.afterAccepted(tx, after, { companyId: company.id, ticketId: greeted.id, userId: agent.id }));
    expect((await botMessages(db, greeted.id)).map((m) => m.body)).toEqual([
      "Bom dia *Maria da Silva*, meu nome é *Ana* e agora vou prosseguir com seu atendimento!",
    ]);

    const group = await createTicket(db, company.id, conn.id, { isGroup: true });
    await hook((tx, after) => flow.afterAccepted(tx, after, { companyId: company.id, ticketId: group.id, userId: agent.id }));
    expect(await botMessages(db, group.id)).toHaveLength(0);
  });

  it("announces a transfer only with sendMsgTransfTicket", async () => {
    const db = database.db;
    const company = await createCompany(db);
    const agent = await createUser(db, company.id, { name: "Bruno" });
    const conn = await createConnection(db, company.id);
    const support = await createQueue(db, company.id, { name: "Suporte" });
    const ticket = await createTicket(db, company.id, conn.id);
    const transfer = () =>
      hook((tx, after) =>
        flow.afterTransferred(tx, after, { companyId: company.id, ticketId: ticket.id, fromQueueId: null, toQueueId: support.id, fromUserId: null, toUserId: agent.id }),
      );
    await transfer();
    expect(await botMessages(db, ticket.id)).toHaveLength(0);
    await setSetting(db, company.id, "sendMsgTransfTicket", "enabled");
    await transfer();
    expect((await botMessages(db, ticket.id)).map((m) => m.body)).toEqual([
      "Seu atendimento foi transferido para o setor *Suporte* e o atendente *Bruno* vai continuar com você.",
    ]);
  });
});
