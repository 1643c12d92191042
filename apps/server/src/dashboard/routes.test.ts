import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { makeContact, makeTicket, ticketRow, ticketsCompany } from "../tickets/ticket-test-support.js";

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

/** Today's period around now (the tickets below are created now). */
function today() {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

describe("GET /dashboard", () => {
  it("is for admins: a user profile gets 403, a bad period 400", async () => {
    const t = await ticketsCompany(app, database.db);
    const denied = await app.inject({ method: "GET", url: `/dashboard?${today()}`, headers: t.asA });
    expect([denied.statusCode, denied.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const deniedExport = await app.inject({ method: "GET", url: `/dashboard/export?format=csv&${today()}`, headers: t.asA });
    expect(deniedExport.statusCode).toBe(403);
    const backwards = await app.inject({
      method: "GET",
      url: `/dashboard?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z`,
      headers: t.asAdmin,
    });
    expect(backwards.statusCode).toBe(400);
    const missing = await app.inject({ method: "GET", url: `/dashboard`, headers: t.asAdmin });
    expect(missing.statusCode).toBe(400);
  });

  it("a ticket accepted once and reopened twice counts once, closed, from its first acceptance to its last close", async () => {
    const t = await ticketsCompany(app, database.db);
    const other = await ticketsCompany(app, database.db);
    const contact = await makeContact(database.db, t.company.id);
    const ticket = await makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, whatsappId: t.connection.id, queueId: t.queueA.id, status: "pending" });
    const put = async (payload: object) => {
      const res = await app.inject({ method: "PUT", url: `/tickets/${ticket.id}`, headers: t.asAdmin, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ status: string; closedAt: string | null }>();
    };
    await put({ status: "open" });
    const accepted = (await ticketRow(database.db, ticket.id))!.acceptedAt;
    expect(accepted).not.toBeNull();
    const closes: Date[] = [];
    for (let round = 0; round < 3; round++) {
      if (round > 0) {
        const reopened = await put({ status: "open" });
        // The view shows no close while open; the database keeps the last one until the next close.
        expect(reopened).toMatchObject({ status: "open", closedAt: null });
        expect((await ticketRow(database.db, ticket.id))!.closedAt).toEqual(closes.at(-1));
      }
      await new Promise((r) => setTimeout(r, 5));
      expect((await put({ status: "closed", sendFarewell: false })).status).toBe("closed");
      closes.push((await ticketRow(database.db, ticket.id))!.closedAt!);
    }
    const row = (await ticketRow(database.db, ticket.id))!;
    expect(row.acceptedAt).toEqual(accepted);
    expect(row.closedAt).toEqual(closes[2]);
    expect(closes[2]!.getTime()).toBeGreaterThan(closes[0]!.getTime());

    const res = await app.inject({ method: "GET", url: `/dashboard?${today()}`, headers: t.asAdmin });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<DashboardView>();
    expect(view.cards).toMatchObject({ pending: 0, open: 0, closed: 1 });
    const expected = (closes[2]!.getTime() - accepted!.getTime()) / 1000;
    expect(Math.abs(view.cards.avgHandleSeconds! - expected)).toBeLessThanOrEqual(1);
    // Another company's admin sees none of it (and a companyId in the query changes nothing).
    const foreign = await app.inject({ method: "GET", url: `/dashboard?${today()}&companyId=${t.company.id}`, headers: other.asAdmin });
    expect(foreign.json<DashboardView>().cards).toMatchObject({ pending: 0, open: 0, closed: 0 });
  });
});

describe("GET /dashboard/export", () => {
  /** Contact names a spreadsheet would run as a formula: each must come out as inert text (an apostrophe first). */
  const HOSTILE_NAMES = ['=HYPERLINK("http://x.test","clique")', "+5511999990000", "-2+3", "@SUM(A1:A2)", "\t=1+1"];

  async function withHostileContacts() {
    const t = await ticketsCompany(app, database.db);
    const hostile: { ticketId: number; name: string }[] = [];
    for (const name of HOSTILE_NAMES) {
      const contact = await makeContact(database.db, t.company.id, { name });
      const ticket = await makeTicket(database.db, { companyId: t.company.id, contactId: contact.id, queueId: t.queueA.id, status: "pending" });
      hostile.push({ ticketId: ticket.id, name });
    }
    const plain = await makeContact(database.db, t.company.id, { name: 'Maria "Mimi", da Silva' });
    await makeTicket(database.db, { companyId: t.company.id, contactId: plain.id, queueId: t.queueB.id, status: "open", userId: t.agentB.id, acceptedAt: new Date() });
    return { t, hostile };
  }

  it("csv: the period's tickets, quoted fields escaped, formula-looking cells as text", async () => {
    const { t, hostile } = await withHostileContacts();
    const res = await app.inject({ method: "GET", url: `/dashboard/export?format=csv&${today()}`, headers: t.asAdmin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="dashboard_.*\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(HOSTILE_NAMES.length + 2);
    expect(lines[0]).toMatch(/^Ticket,Contato,Número,Fila,Atendente,Status,/);
    const contactField = (ticketId: number) => lines.find((l) => l.startsWith(`${ticketId},`))!.slice(`${ticketId},`.length);
    const expected = [`"'=HYPERLINK(""http://x.test"",""clique"")"`, "'+5511999990000", "'-2+3", "'@SUM(A1:A2)", "'\t=1+1"];
    hostile.forEach(({ ticketId, name }, i) => expect(contactField(ticketId).startsWith(`${expected[i]},`), name).toBe(true));
    const maria = lines.find((l) => l.includes("Mimi"))!;
    expect(maria).toContain(`,"Maria ""Mimi"", da Silva",`);
    expect(maria).toContain(",Suporte,Beto Suporte,open,");
  });

  it("xlsx: a summary and the tickets; text cells are strings, never formulas", async () => {
    const { t, hostile } = await withHostileContacts();
    const res = await app.inject({ method: "GET", url: `/dashboard/export?format=xlsx&${today()}`, headers: t.asAdmin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const book = XLSX.read(res.rawPayload, { type: "buffer", cellFormula: true });
    expect(book.SheetNames).toEqual(["Resumo", "Tickets"]);
    const sheet = book.Sheets.Tickets!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows).toHaveLength(HOSTILE_NAMES.length + 2);
    for (const { ticketId, name } of hostile) {
      const row = rows.findIndex((r) => r[0] === ticketId);
      expect(row, name).toBeGreaterThan(0);
      const cell = sheet[XLSX.utils.encode_cell({ r: row, c: 1 })] as XLSX.CellObject;
      expect(cell.t, name).toBe("s");
      expect(cell.f, name).toBeUndefined();
      expect(cell.v, name).toBe(`'${name}`);
    }
    const summary = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Resumo!, { header: 1 });
    expect(summary).toContainEqual(["Pendentes", HOSTILE_NAMES.length]);
    expect(summary).toContainEqual(["Abertos", 1]);
  });
});
