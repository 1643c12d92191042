import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { TicketView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { tags, ticketTags } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { makeContact, makeTicket, ticketsCompany } from "../tickets/ticket-test-support.js";

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

async function board() {
  const t = await ticketsCompany(app, database.db);
  const db = database.db;
  const [lane1, lane2, plain] = await db
    .insert(tags)
    .values([
      { companyId: t.company.id, name: "Proposta", color: "#111111", kanban: true },
      { companyId: t.company.id, name: "Fechado", color: "#222222", kanban: true },
      { companyId: t.company.id, name: "VIP", color: "#333333", kanban: false },
    ])
    .returning();
  const ticket = async (values: Partial<Parameters<typeof makeTicket>[1]>) => {
    const contact = await makeContact(db, t.company.id);
    return makeTicket(db, { companyId: t.company.id, contactId: contact.id, status: "open", ...values });
  };
  return { ...t, lane1: lane1!, lane2: lane2!, plain: plain!, ticket };
}
const ids = (body: { tickets: TicketView[] }) => body.tickets.map((t) => t.id).sort((a, b) => a - b);

describe("GET /ticket/kanban", () => {
  it("answers the open and pending tickets the user may see, with their tags, never closed ones", async () => {
    const b = await board();
    const inA = await b.ticket({ queueId: b.queueA.id, status: "pending" });
    const inB = await b.ticket({ queueId: b.queueB.id, lastMessage: "Olá" });
    const closed = await b.ticket({ queueId: b.queueA.id, status: "closed" });
    const noQueue = await b.ticket({ queueId: null });
    await database.db.insert(ticketTags).values({ companyId: b.company.id, ticketId: inB.id, tagId: b.lane1.id });

    const admin = (await app.inject({ method: "GET", url: "/ticket/kanban", headers: b.asAdmin })).json();
    expect(ids(admin)).toEqual([inA.id, inB.id, noQueue.id]);
    expect(admin.tickets.find((t: TicketView) => t.id === inB.id)).toMatchObject({ lastMessage: "Olá", tags: [{ id: b.lane1.id, name: "Proposta" }] });
    expect(ids(admin)).not.toContain(closed.id);

    // Agents: their queues only (the tickets' visibility rule); allTicket adds those without a queue.
    expect(ids((await app.inject({ method: "GET", url: "/ticket/kanban", headers: b.asA })).json())).toEqual([inA.id]);
    expect(ids((await app.inject({ method: "GET", url: "/ticket/kanban", headers: b.asAll })).json())).toEqual([inA.id, noQueue.id]);
    // queueIds (a JSON string) narrows, never widens.
    const narrowed = await app.inject({ method: "GET", url: `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([b.queueB.id]))}&teste=true`, headers: b.asA });
    expect(narrowed.json()).toEqual({ tickets: [] });
    const adminNarrowed = await app.inject({ method: "GET", url: `/ticket/kanban?queueIds=[${b.queueB.id}]`, headers: b.asAdmin });
    expect(ids(adminNarrowed.json())).toEqual([inB.id]);
  });

  it("GET /tags/kanban answers the lanes: kanban tags by name", async () => {
    const b = await board();
    const res = await app.inject({ method: "GET", url: "/tags/kanban", headers: b.asA });
    expect(res.json().lista.map((t: { name: string }) => t.name)).toEqual(["Fechado", "Proposta"]);
  });
});

describe("moving a card", () => {
  it("DELETE removes only kanban tags, PUT adds the new lane's tag; both answer the ticket and emit its update", async () => {
    const b = await board();
    const card = await b.ticket({ queueId: b.queueA.id });
    await database.db.insert(ticketTags).values([
      { companyId: b.company.id, ticketId: card.id, tagId: b.lane1.id },
      { companyId: b.company.id, ticketId: card.id, tagId: b.plain.id },
    ]);
    const toRooms = vi.spyOn(app.deps.realtime, "toRooms");

    const removed = await app.inject({ method: "DELETE", url: `/ticket-tags/${card.id}`, headers: b.asA });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().tags.map((t: { id: number }) => t.id)).toEqual([b.plain.id]);
    const added = await app.inject({ method: "PUT", url: `/ticket-tags/${card.id}/${b.lane2.id}`, headers: b.asA });
    expect(added.statusCode).toBe(200);
    expect(added.json().tags.map((t: { name: string }) => t.name)).toEqual(["Fechado", "VIP"]);
    // Twice is not an error.
    expect((await app.inject({ method: "PUT", url: `/ticket-tags/${card.id}/${b.lane2.id}`, headers: b.asA })).statusCode).toBe(200);

    const updates = toRooms.mock.calls.filter(([, event]) => event === `company-${b.company.id}-ticket`);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.at(-1)![2]).toMatchObject({ action: "update", ticket: { id: card.id } });
    toRooms.mockRestore();

    const rows = await database.db.select().from(ticketTags).where(eq(ticketTags.ticketId, card.id));
    expect(rows.map((r) => r.tagId).sort()).toEqual([b.lane2.id, b.plain.id].sort());
  });

  it("refuses a ticket the user may not see (403), another company's ticket or tag (404)", async () => {
    const b = await board();
    const other = await board();
    const inB = await b.ticket({ queueId: b.queueB.id });
    const mine = await b.ticket({ queueId: b.queueA.id });
    const theirs = await other.ticket({ queueId: other.queueA.id });
    expect((await app.inject({ method: "PUT", url: `/ticket-tags/${inB.id}/${b.lane1.id}`, headers: b.asA })).statusCode).toBe(403);
    expect((await app.inject({ method: "DELETE", url: `/ticket-tags/${inB.id}`, headers: b.asA })).statusCode).toBe(403);
    expect((await app.inject({ method: "PUT", url: `/ticket-tags/${theirs.id}/${b.lane1.id}`, headers: b.asAdmin })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: `/ticket-tags/${theirs.id}`, headers: b.asAdmin })).statusCode).toBe(404);
    const foreignTag = await app.inject({ method: "PUT", url: `/ticket-tags/${mine.id}/${other.lane1.id}`, headers: b.asA });
    expect(foreignTag.statusCode).toBe(404);
    expect(await database.db.select().from(ticketTags).where(eq(ticketTags.ticketId, mine.id))).toEqual([]);
  });

  it("refuses every kanban route to a company whose plan lacks useKanban (403)", async () => {
    const company = await createCompany(database.db, {}, { useKanban: false });
    const user = await createUser(database.db, company.id, { profile: "admin" });
    const auth = bearer((await login(app, user.email, user.password)).token);
    for (const [method, url] of [
      ["GET", "/ticket/kanban"],
      ["GET", "/tags/kanban"],
      ["PUT", "/ticket-tags/1/1"],
      ["DELETE", "/ticket-tags/1"],
    ] as const) {
      const res = await app.inject({ method, url, headers: auth });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useKanban" } });
    }
  });
});
