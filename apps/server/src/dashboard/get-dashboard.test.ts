import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardQuerySchema } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { queues, ticketRatings } from "../db/schema.js";
import { createCompany, createTestDatabase, createUser } from "../test/helpers.js";
import { makeContact, makeTicket } from "../tickets/ticket-test-support.js";
import { periodOf } from "./dashboard-period.js";
import { getDashboard } from "./get-dashboard.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const at = (iso: string) => new Date(`2026-03-${iso}Z`);

/**
 * The hand-counted company (times UTC, the period 1 to 8 March 2026):
 *   T1 queue Alfa, U1, closed: created 01 10:00, accepted 10:10 (wait 600 s), closed 10:40 (handling 1800 s), rated 5
 *   T2 queue Alfa, U2, open:   created 02 09:00, accepted 09:30 (wait 1800 s)
 *   T3 queue Beta, pending:    created 02 12:00
 *   T4 queue Beta, U1, closed, reopened twice: created 03 08:00, first accepted 08:20 (wait 1200 s), last closed 11:20
 *      (handling 10800 s from the first acceptance), rated 3
 *   T5 no queue, U2, closed without being accepted (the bot closed it): created 05 14:00, rated 4
 *   T6 queue Alfa, U1, closed, created 28 February 23:59: outside the period
 *   another company's closed ticket of 02 March, rated 1: never counted
 * Contacts: one per ticket, created with it, and one more created 04 March without tickets.
 */
async function fixture() {
  const db = database.db;
  const company = await createCompany(db);
  const other = await createCompany(db);
  const [alfa, beta] = await db
    .insert(queues)
    .values([
      { companyId: company.id, name: "Alfa", color: "#101010" },
      { companyId: company.id, name: "Beta", color: "#202020" },
    ])
    .returning();
  const u1 = await createUser(db, company.id, { name: "Ulisses", online: true });
  const u2 = await createUser(db, company.id, { name: "Vera" });
  const otherUser = await createUser(db, other.id, { name: "Outro" });
  const ticket = async (values: {
    created: string;
    queueId?: number | null;
    userId?: number | null;
    status: "pending" | "open" | "closed";
    accepted?: string;
    closed?: string;
    companyId?: number;
    contactCreated?: Date;
  }) => {
    const companyId = values.companyId ?? company.id;
    const createdAt = values.created.startsWith("02-") ? new Date(`2026-${values.created}Z`) : at(values.created);
    const contact = await makeContact(db, companyId, { createdAt: values.contactCreated ?? createdAt });
    return makeTicket(db, {
      companyId,
      contactId: contact.id,
      status: values.status,
      queueId: values.queueId ?? null,
      userId: values.userId ?? null,
      createdAt,
      updatedAt: createdAt,
      acceptedAt: values.accepted ? at(values.accepted) : null,
      closedAt: values.closed ? at(values.closed) : null,
    });
  };
  const t1 = await ticket({ created: "01T10:00:00", queueId: alfa!.id, userId: u1.id, status: "closed", accepted: "01T10:10:00", closed: "01T10:40:00" });
  await ticket({ created: "02T09:00:00", queueId: alfa!.id, userId: u2.id, status: "open", accepted: "02T09:30:00" });
  await ticket({ created: "02T12:00:00", queueId: beta!.id, status: "pending" });
  const t4 = await ticket({ created: "03T08:00:00", queueId: beta!.id, userId: u1.id, status: "closed", accepted: "03T08:20:00", closed: "03T11:20:00" });
  const t5 = await ticket({ created: "05T14:00:00", userId: u2.id, status: "closed", closed: "05T14:30:00" });
  await ticket({ created: "02-28T23:59:00", queueId: alfa!.id, userId: u1.id, status: "closed", accepted: "01T00:10:00", closed: "01T00:20:00" });
  const foreign = await ticket({ created: "02T10:00:00", companyId: other.id, userId: otherUser.id, status: "closed", accepted: "02T10:01:00", closed: "02T10:02:00" });
  await makeContact(db, company.id, { createdAt: at("04T18:00:00") });
  await db.insert(ticketRatings).values([
    { companyId: company.id, ticketId: t1.id, userId: u1.id, rate: 5, createdAt: at("01T10:41:00") },
    { companyId: company.id, ticketId: t4.id, userId: u1.id, rate: 3, createdAt: at("03T11:21:00") },
    { companyId: company.id, ticketId: t5.id, userId: u2.id, rate: 4, createdAt: at("05T15:00:00") },
    { companyId: other.id, ticketId: foreign.id, userId: otherUser.id, rate: 1, createdAt: at("02T10:03:00") },
  ]);
  const dashboard = (query: Record<string, unknown>) =>
    getDashboard(db, periodOf(company.id, dashboardQuerySchema.parse({ from: "2026-03-01T00:00:00Z", to: "2026-03-08T00:00:00Z", ...query })));
  return { company, alfa: alfa!, beta: beta!, u1, u2, dashboard };
}

const ratings = (...counts: number[]) => counts.map((count, i) => ({ rate: i + 1, count }));

describe("getDashboard", () => {
  it("counts the period's tickets by status, times, queue, agent and rating, the reopened ticket once", async () => {
    const f = await fixture();
    const view = await f.dashboard({});
    expect(view.granularity).toBe("day");
    expect(view.cards).toEqual({ pending: 1, open: 1, closed: 3, newContacts: 6, avgWaitSeconds: 1200, avgHandleSeconds: 6300 });
    expect(view.perTime).toEqual([
      { bucket: "2026-03-01", count: 1 },
      { bucket: "2026-03-02", count: 2 },
      { bucket: "2026-03-03", count: 1 },
      { bucket: "2026-03-04", count: 0 },
      { bucket: "2026-03-05", count: 1 },
      { bucket: "2026-03-06", count: 0 },
      { bucket: "2026-03-07", count: 0 },
    ]);
    expect(view.perQueue).toEqual([
      { queueId: f.alfa.id, name: "Alfa", color: "#101010", count: 2 },
      { queueId: f.beta.id, name: "Beta", color: "#202020", count: 2 },
      { queueId: null, name: null, color: null, count: 1 },
    ]);
    expect(view.agents).toEqual([
      { userId: f.u1.id, name: "Ulisses", online: true, tickets: 2, closed: 2, avgWaitSeconds: 900, avgHandleSeconds: 6300, avgRating: 4, ratings: 2 },
      { userId: f.u2.id, name: "Vera", online: false, tickets: 2, closed: 1, avgWaitSeconds: 1800, avgHandleSeconds: null, avgRating: 4, ratings: 1 },
    ]);
    expect(view.ratings).toEqual(ratings(0, 0, 1, 1, 1));
  });

  it("filters by queue: its tickets, their contacts and their ratings", async () => {
    const f = await fixture();
    const view = await f.dashboard({ queueId: String(f.alfa.id) });
    expect(view.cards).toEqual({ pending: 0, open: 1, closed: 1, newContacts: 2, avgWaitSeconds: 1200, avgHandleSeconds: 1800 });
    expect(view.perQueue).toEqual([{ queueId: f.alfa.id, name: "Alfa", color: "#101010", count: 2 }]);
    expect(view.agents.map((a) => [a.name, a.tickets, a.ratings])).toEqual([
      ["Ulisses", 1, 1],
      ["Vera", 1, 0],
    ]);
    expect(view.ratings).toEqual(ratings(0, 0, 0, 0, 1));
  });

  it("filters by agent: the agent's tickets and ratings only", async () => {
    const f = await fixture();
    const view = await f.dashboard({ userId: String(f.u1.id) });
    expect(view.cards).toEqual({ pending: 0, open: 0, closed: 2, newContacts: 2, avgWaitSeconds: 900, avgHandleSeconds: 6300 });
    expect(view.agents.map((a) => a.userId)).toEqual([f.u1.id]);
    expect(view.ratings).toEqual(ratings(0, 0, 1, 0, 1));
  });

  it("answers zeros and no averages for an empty period, hour by hour for a day", async () => {
    const f = await fixture();
    const view = await f.dashboard({ from: "2026-04-01T00:00:00Z", to: "2026-04-02T00:00:00Z" });
    expect(view.granularity).toBe("hour");
    expect(view.cards).toEqual({ pending: 0, open: 0, closed: 0, newContacts: 0, avgWaitSeconds: null, avgHandleSeconds: null });
    expect(view.perTime).toHaveLength(24);
    expect(view.perTime[0]).toEqual({ bucket: "2026-04-01T00", count: 0 });
    expect(view.perTime.every((b) => b.count === 0)).toBe(true);
    expect(view.perQueue).toEqual([]);
    expect(view.agents.map((a) => [a.tickets, a.avgWaitSeconds, a.avgRating])).toEqual([
      [0, null, null],
      [0, null, null],
    ]);
    expect(view.ratings).toEqual(ratings(0, 0, 0, 0, 0));
  });

  it("puts tickets in the viewer's days", async () => {
    const f = await fixture();
    // UTC-11: T1 (01 10:00Z) is still 28 February there; T4 (03 08:00Z) is 02 March.
    const view = await f.dashboard({ tzOffset: "-660" });
    expect(view.perTime.filter((b) => b.count > 0)).toEqual([
      { bucket: "2026-02-28", count: 1 },
      { bucket: "2026-03-01", count: 1 },
      { bucket: "2026-03-02", count: 2 },
      { bucket: "2026-03-05", count: 1 },
    ]);
    expect(view.perTime[0]!.bucket).toBe("2026-02-28");
    expect(view.perTime.at(-1)!.bucket).toBe("2026-03-07");
  });
});
