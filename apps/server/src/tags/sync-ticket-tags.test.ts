import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, queues, tags, tickets } from "../db/schema.js";
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

async function setup() {
  const company = await createCompany(database.db);
  const admin = await createUser(database.db, company.id, { profile: "admin" });
  const agent = await createUser(database.db, company.id);
  const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Fila", color: "#505050" }).returning();
  const [vip, late] = await database.db
    .insert(tags)
    .values([
      { companyId: company.id, name: "VIP", color: "#aa0000" },
      { companyId: company.id, name: "Atrasado", color: "#00aa00" },
    ])
    .returning();
  const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: "Cliente", number: "5511990007777", canonicalNumber: "5511990007777" }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact!.id, queueId: queue!.id, status: "pending" }).returning();
  const asAdmin = bearer((await login(app, admin.email, admin.password)).token);
  const asAgent = bearer((await login(app, agent.email, agent.password)).token);
  const sync = (payload: object, headers = asAdmin) => app.inject({ method: "POST", url: "/tags/sync", headers, payload });
  return { ticket: ticket!, vip: vip!, late: late!, asAdmin, asAgent, sync };
}

describe("POST /tags/sync", () => {
  it("sets exactly the given tags on the ticket, and the tags count their tickets", async () => {
    const { ticket, vip, late, sync, asAdmin } = await setup();
    const first = await sync({ ticketId: ticket.id, tags: [{ id: vip.id, name: "VIP" }, late.id] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TicketView>().tags.map((t) => t.name)).toEqual(["Atrasado", "VIP"]);
    const second = await sync({ ticketId: ticket.id, tags: [late.id] });
    expect(second.json<TicketView>().tags.map((t) => t.name)).toEqual(["Atrasado"]);
    const list = (await app.inject({ method: "GET", url: "/tags", headers: asAdmin })).json<{ tags: { name: string; ticketsCount: number }[] }>();
    expect(Object.fromEntries(list.tags.map((t) => [t.name, t.ticketsCount]))).toEqual({ VIP: 0, Atrasado: 1 });
  });

  it("refuses another company's tags and tickets the user may not see", async () => {
    const mine = await setup();
    const theirs = await setup();
    expect((await mine.sync({ ticketId: mine.ticket.id, tags: [theirs.vip.id] })).json().error).toBe("ERR_VALIDATION");
    expect((await mine.sync({ ticketId: theirs.ticket.id, tags: [] })).statusCode).toBe(404);
    expect((await mine.sync({ ticketId: mine.ticket.id, tags: [mine.vip.id] }, mine.asAgent)).statusCode).toBe(403);
  });
});
