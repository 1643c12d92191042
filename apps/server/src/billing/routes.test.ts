import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePix } from "pix-utils";
import { companyEvent, type InvoicePage, type PaymentEventPayload, type PixCharge, type SubscriptionView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { invoices } from "../db/schema.js";
import { bearer, createTestApp, createTestDatabase, login, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, emitWithAck, listen, nextEvent } from "../test/socket-client.js";
import { ensureInvoice } from "./ensure-invoice.js";
import { addMonths } from "./invoice-period.js";
import { CHECKOUT, dueDateOf, invoicesOf, isoDay, payingCompany, platformCompany } from "./test-support.js";

let database: Database;
let app: TestApp;
let url: string;
let superToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // No Asaas key in this file's database: the static Pix provider issues the charges.
  app = await createTestApp(database, {
    billing: { pixKey: "pix@atendo.dev", pixMerchantName: "Atendo", pixMerchantCity: "Sao Paulo", asaasApiUrl: "http://127.0.0.1:9/v3", asaasKey: null },
  });
  url = await listen(app);
  const platform = await platformCompany(database.db);
  superToken = (await login(app, platform.superAdmin.email, platform.superAdmin.password)).token;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const checkout = (token: string, payload: object) => app.inject({ method: "POST", url: "/subscription", headers: bearer(token), payload });
const listInvoices = (token: string, query = "") => app.inject({ method: "GET", url: `/invoices/all${query}`, headers: bearer(token) });
const markPaid = (token: string, id: number) => app.inject({ method: "PUT", url: `/invoices/${id}/paid`, headers: bearer(token) });

async function signedIn(opts: Parameters<typeof payingCompany>[1] = {}) {
  const c = await payingCompany(database.db, opts);
  return { ...c, token: (await login(app, c.admin.email, c.admin.password)).token };
}

describe("checkout with static Pix", () => {
  it("answers the invoice's BR Code for the plan's value, whatever price the client sends", async () => {
    const { company, token } = await signedIn({ value: "120.00" });
    const res = await checkout(token, { ...CHECKOUT, price: 1, plan: JSON.stringify({ value: 1 }) });
    expect(res.statusCode, res.body).toBe(200);
    const charge = res.json() as PixCharge;
    const [invoice] = await invoicesOf(database.db, company.id);
    expect(charge).toEqual({ invoiceId: invoice!.id, provider: "pix-static", qrcode: { qrcode: invoice!.pixCode }, valor: { original: "120.00" }, dueDate: isoDay(5) });
    expect(parsePix(charge.qrcode.qrcode)).toMatchObject({ pixKey: "pix@atendo.dev", transactionAmount: 120, txid: `ATENDO${invoice!.id}` });
  });

  it("refuses card fields with a clear code, before storing anything", async () => {
    // No due date: the invoice job (another test file may run it on a shared database) leaves it alone.
    const { company, token } = await signedIn({ dueDate: null });
    for (const card of [{ cardNumber: "4111111111111111", cvv: "123" }, { nameOnCard: "ANA", expiryDate: "12/30" }, { creditCard: { number: "4111" } }]) {
      const res = await checkout(token, { ...CHECKOUT, ...card });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_CARD_NOT_ACCEPTED" });
      expect(res.body).not.toContain("4111");
    }
    expect(await invoicesOf(database.db, company.id)).toHaveLength(0);
  });

  it("validates the Data step and refuses a paid invoice or a company with nothing to pay", async () => {
    const { token, company } = await signedIn();
    const bad = await checkout(token, { ...CHECKOUT, city: "", country: "AR" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([{ path: "body.city", message: "validation.required" }, { path: "body.country", message: "validation.invalid" }]),
    );
    const invoice = await ensureInvoice(database.db, company.id);
    expect((await markPaid(superToken, invoice.id)).statusCode).toBe(200);
    const again = await checkout(token, { ...CHECKOUT, invoiceId: invoice.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "ERR_INVOICE_ALREADY_PAID" });
    const free = await signedIn({ value: "0" });
    expect((await checkout(free.token, CHECKOUT)).json()).toEqual({ error: "ERR_NOTHING_TO_PAY" });
  });

  it("answers 404 for another company's invoice", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const foreign = await ensureInvoice(database.db, theirs.company.id);
    const res = await checkout(mine.token, { ...CHECKOUT, invoiceId: foreign.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_NO_INVOICE_FOUND" });
    expect((await invoicesOf(database.db, theirs.company.id))[0]!.pixCode).toBeNull();
    // Not a super user: no marking paid either.
    expect((await markPaid(mine.token, foreign.id)).statusCode).toBe(403);
  });
});

describe("invoices", () => {
  it("lists the company's own invoices, newest due date first, with search and paging", async () => {
    const { company, token } = await signedIn({ dueDate: null });
    const other = await signedIn({ dueDate: null });
    await database.db.insert(invoices).values([
      { companyId: company.id, detail: "Plano Ouro", value: "10.00", dueDate: "2030-01-10", period: "2030-01-10" },
      { companyId: company.id, detail: "Plano Ouro", value: "10.00", dueDate: "2030-02-10", period: "2030-02-10", status: "paid" },
      { companyId: other.company.id, detail: "Other Plan", value: "10.00", dueDate: "2030-03-10", period: "2030-03-10" },
    ]);
    const res = await listInvoices(token);
    expect(res.statusCode).toBe(200);
    const page = res.json() as InvoicePage;
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect(page.invoices.map((i) => [i.dueDate, i.status, i.value])).toEqual([
      ["2030-02-10", "paid", "10.00"],
      ["2030-01-10", "open", "10.00"],
    ]);
    expect(res.body).not.toContain("Other Plan");
    expect(Object.keys(page.invoices[0]!).sort()).toEqual(["createdAt", "detail", "dueDate", "id", "paidAt", "status", "value"]);
    expect(((await listInvoices(token, "?searchParam=nothing")).json() as InvoicePage).count).toBe(0);
  });

  it("is for admins: an agent is refused", async () => {
    const { agent } = await payingCompany(database.db);
    const { token } = await login(app, agent.email, agent.password);
    expect((await listInvoices(token)).statusCode).toBe(403);
    expect((await checkout(token, CHECKOUT)).statusCode).toBe(403);
  });

  it("lets the platform's super users list every company's invoices and mark one paid, once", async () => {
    const { company, token } = await signedIn({ dueDate: isoDay(2), recurrence: "TRIMESTRAL" });
    const invoice = await ensureInvoice(database.db, company.id);
    const all = (await app.inject({ method: "GET", url: "/invoices/platform", headers: bearer(superToken) })).json() as InvoicePage;
    expect(all.invoices.find((i) => i.id === invoice.id)?.company).toEqual({ id: company.id, name: company.name });
    expect((await app.inject({ method: "GET", url: "/invoices/platform", headers: bearer(token) })).statusCode).toBe(403);

    const res = await markPaid(superToken, invoice.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: invoice.id, status: "paid" });
    expect(await dueDateOf(database.db, company.id)).toBe(addMonths(isoDay(2), 3));
    await markPaid(superToken, invoice.id);
    expect(await dueDateOf(database.db, company.id)).toBe(addMonths(isoDay(2), 3));
    expect((await markPaid(superToken, 99_999_999)).statusCode).toBe(404);
  });

  it("tells the paying company's users, and nobody else", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const agentOfA = (await login(app, a.agent.email, a.agent.password)).token;
    const sockets = [connectSocket(url, a.token), connectSocket(url, agentOfA), connectSocket(url, b.token)];
    await Promise.all(sockets.map(connected));
    const leaked: unknown[] = [];
    sockets[2]!.onAny((event: string, payload) => event.endsWith("-payment") && leaked.push(payload));
    const invoice = await ensureInvoice(database.db, a.company.id);
    const heard = [nextEvent<PaymentEventPayload>(sockets[0]!, companyEvent.payment(a.company.id)), nextEvent(sockets[1]!, companyEvent.payment(a.company.id))];
    await markPaid(superToken, invoice.id);
    const expected = { action: "CONCLUIDA", company: { dueDate: addMonths(isoDay(5), 1) } };
    expect(await Promise.all(heard)).toEqual([expected, expected]);
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toEqual([]);
    for (const s of sockets) s.close();
  });
});

describe("an expired company", () => {
  it("lets its admins in to pay, and only to pay, until the payment moves the due date", async () => {
    const { company, admin, agent } = await payingCompany(database.db, { dueDate: isoDay(-3) });
    const refused = await app.inject({ method: "POST", url: "/auth/login", payload: { email: agent.email, password: agent.password } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: isoDay(-3) } });

    const { token } = await login(app, admin.email, admin.password);
    expect((await app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) })).statusCode).toBe(200);
    const sub = (await app.inject({ method: "GET", url: "/subscription", headers: bearer(token) })).json() as SubscriptionView;
    expect(sub.company).toMatchObject({ id: company.id, email: "billing@company.test", dueDate: isoDay(-3) });
    expect(sub.plan).toMatchObject({ value: "99.90" });
    expect((await checkout(token, CHECKOUT)).statusCode).toBe(200);
    expect((await listInvoices(token)).statusCode).toBe(200);
    const elsewhere = await app.inject({ method: "GET", url: "/tags", headers: bearer(token) });
    expect(elsewhere.statusCode).toBe(402);
    expect(elsewhere.json()).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: isoDay(-3) } });

    // Its socket hears the payment and may join nothing else.
    const socket = connectSocket(url, token);
    await connected(socket);
    expect(await emitWithAck(socket, "joinTickets", "open")).toEqual({ ok: false, error: "ERR_SUBSCRIPTION_EXPIRED" });
    const [invoice] = await invoicesOf(database.db, company.id);
    const event = nextEvent<PaymentEventPayload>(socket, companyEvent.payment(company.id));
    await markPaid(superToken, invoice!.id);
    expect(await event).toEqual({ action: "CONCLUIDA", company: { dueDate: addMonths(isoDay(-3), 1) } });
    socket.close();
    expect((await app.inject({ method: "GET", url: "/tags", headers: bearer(token) })).statusCode).toBe(200);
  });
});
