import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, type MessagePage } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, queues, tickets, userQueues } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

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

async function setup(messageCount: number) {
  const company = await createCompany(database.db);
  const [sales, support] = await database.db
    .insert(queues)
    .values([
      { companyId: company.id, name: "Vendas", color: "#111111" },
      { companyId: company.id, name: "Suporte", color: "#222222" },
    ])
    .returning();
  const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: "Cliente", number: "5511990002222", canonicalNumber: "5511990002222" }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact!.id, queueId: sales!.id, status: "pending" }).returning();
  const base = Date.now() - messageCount * 1000;
  if (messageCount > 0) {
    await database.db.insert(messages).values(
      Array.from({ length: messageCount }, (_, i) => ({
        companyId: company.id,
        ticketId: ticket!.id,
        chatContactId: contact!.id,
        providerId: `m${i}`,
        body: `mensagem ${i}`,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      })),
    );
  }
  const salesAgent = await createUser(database.db, company.id);
  const supportAgent = await createUser(database.db, company.id);
  await database.db.insert(userQueues).values([
    { companyId: company.id, userId: salesAgent.id, queueId: sales!.id },
    { companyId: company.id, userId: supportAgent.id, queueId: support!.id },
  ]);
  return { company, ticket: ticket!, salesAgent, supportAgent };
}

const get = async (user: { email: string; password: string }, url: string) => {
  const { token } = await login(app, user.email, user.password);
  return app.inject({ method: "GET", url, headers: bearer(token) });
};

describe("GET /messages/:ticketId", () => {
  it("pages newest first, each page oldest to newest, with count, hasMore and the ticket", async () => {
    const total = PAGE_SIZE + 5;
    const { ticket, salesAgent } = await setup(total);
    const first = await get(salesAgent, `/messages/${ticket.id}`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as MessagePage;
    expect(page1).toMatchObject({ count: total, hasMore: true, ticket: { id: ticket.id } });
    expect(page1.messages).toHaveLength(PAGE_SIZE);
    expect(page1.messages[0]!.body).toBe("mensagem 5");
    expect(page1.messages.at(-1)!.body).toBe(`mensagem ${total - 1}`);

    const page2 = (await get(salesAgent, `/messages/${ticket.id}?pageNumber=2`)).json() as MessagePage;
    expect(page2.hasMore).toBe(false);
    expect(page2.messages.map((m) => m.body)).toEqual(["mensagem 0", "mensagem 1", "mensagem 2", "mensagem 3", "mensagem 4"]);
  });

  it("does not mark messages read", async () => {
    const { ticket, salesAgent } = await setup(2);
    const page = (await get(salesAgent, `/messages/${ticket.id}`)).json() as MessagePage;
    expect(page.messages.every((m) => m.read === false)).toBe(true);
  });

  it("403 ERR_NO_PERMISSION for an agent of another queue; 404 ERR_NO_TICKET_FOUND for another company's ticket", async () => {
    const { ticket, supportAgent } = await setup(1);
    const hidden = await get(supportAgent, `/messages/${ticket.id}`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });

    const other = await setup(0);
    const admin = await createUser(database.db, other.company.id, { profile: "admin" });
    const foreign = await get(admin, `/messages/${ticket.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "ERR_NO_TICKET_FOUND" });
  });

  it("400 for a malformed page number", async () => {
    const { ticket, salesAgent } = await setup(0);
    expect((await get(salesAgent, `/messages/${ticket.id}?pageNumber=0`)).statusCode).toBe(400);
  });
});
