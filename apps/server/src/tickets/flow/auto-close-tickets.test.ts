import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../../test/helpers.js";
import { autoCloseInactiveTicketsUnscoped } from "./auto-close-tickets.js";
import { flowContextOf } from "./flow-context.js";
import { createConnection, createTicket, silentLogger, ticketOf } from "./flow.test-helpers.js";

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

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe("auto-close of inactive tickets (TICKET_AUTO_CLOSE_HOURS)", () => {
  it("closes pending and open tickets silent for longer than the setting, and nothing else", async () => {
    const company = await createCompany(database.db);
    const connection = await createConnection(database.db, company.id);
    const stalePending = await createTicket(database.db, company.id, connection.id, { status: "pending", lastMessageAt: hoursAgo(25) });
    const staleOpen = await createTicket(database.db, company.id, connection.id, { status: "open", lastMessageAt: hoursAgo(30) });
    const recent = await createTicket(database.db, company.id, connection.id, { status: "open", lastMessageAt: hoursAgo(2) });
    const staleGroup = await createTicket(database.db, company.id, connection.id, { status: "open", isGroup: true, lastMessageAt: hoursAgo(48) });

    const ctx = flowContextOf(app.deps);
    expect(await autoCloseInactiveTicketsUnscoped(ctx, silentLogger, 24, { companyId: company.id })).toBe(2);

    expect((await ticketOf(database.db, stalePending.id)).status).toBe("closed");
    const closed = await ticketOf(database.db, staleOpen.id);
    expect(closed.status).toBe("closed");
    expect(closed.closedAt).not.toBeNull();
    expect((await ticketOf(database.db, recent.id)).status).toBe("open");
    expect((await ticketOf(database.db, staleGroup.id)).status).toBe("open");
  });

  it("does nothing when the setting is 0", async () => {
    const company = await createCompany(database.db);
    const connection = await createConnection(database.db, company.id);
    const stale = await createTicket(database.db, company.id, connection.id, { status: "open", lastMessageAt: hoursAgo(100) });
    expect(await autoCloseInactiveTicketsUnscoped(flowContextOf(app.deps), silentLogger, 0, { companyId: company.id })).toBe(0);
    expect((await ticketOf(database.db, stale.id)).status).toBe("open");
  });
});
