import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePix } from "pix-utils";
import { companyEvent, type PaymentEventPayload, type PixCharge } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createTestApp, createTestDatabase, login, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, listen, nextEvent } from "../test/socket-client.js";
import { startFakeAsaas, type FakeAsaas } from "../test/fakes/asaas.js";
import { addMonths } from "./invoice-period.js";
import { CHECKOUT, dueDateOf, invoicesOf, isoDay, payingCompany, WEBHOOK_TOKEN } from "./test-support.js";

let database: Database;
let app: TestApp;
let fake: FakeAsaas;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeAsaas();
  app = await createTestApp(database, {
    billing: {
      asaasApiUrl: fake.url,
      asaasWebhookToken: WEBHOOK_TOKEN,
      pixKey: "static@atendo.dev",
      pixMerchantName: "Atendo",
      pixMerchantCity: "Sao Paulo",
      // The key as the Integrations setting would give it (test files may share one database and its platform companies).
      asaasKey: fake.apiKey,
    },
  });
  url = await listen(app);
});
afterAll(async () => {
  await app.close();
  await fake.close();
  await database.close();
});

async function checkoutAs(token: string, body: object = { ...CHECKOUT, cpfCnpj: "123.456.789-09" }) {
  return app.inject({ method: "POST", url: "/subscription", headers: bearer(token), payload: body });
}

const webhook = (body: unknown, token: string | null = WEBHOOK_TOKEN) =>
  app.inject({ method: "POST", url: "/webhooks/asaas", headers: token ? { "asaas-access-token": token } : {}, payload: body as object });

async function companyWithCharge(dueInDays = 5) {
  const c = await payingCompany(database.db, { dueDate: isoDay(dueInDays) });
  const { token } = await login(app, c.admin.email, c.admin.password);
  const res = await checkoutAs(token);
  expect(res.statusCode, res.body).toBe(200);
  const charge = res.json() as PixCharge;
  const [invoice] = await invoicesOf(database.db, c.company.id);
  return { ...c, token, charge, invoice: invoice!, paymentId: invoice!.providerPaymentId! };
}

describe("Asaas", () => {
  it("is used when its key is set: customer, PIX payment and its QR code, reused on a second checkout", async () => {
    const { token, charge, invoice, paymentId } = await companyWithCharge();
    expect(charge).toMatchObject({ provider: "asaas", invoiceId: invoice.id, valor: { original: "99.90" } });
    const payment = fake.payments.get(paymentId)!;
    expect(payment).toMatchObject({ billingType: "PIX", value: 99.9, externalReference: `invoice-${invoice.id}`, status: "PENDING" });
    expect(fake.customers.get(payment.customer)).toMatchObject({ cpfCnpj: "12345678909", externalReference: `company-${invoice.companyId}` });
    // Asaas's dynamic code, as its pixQrCode answered it.
    expect(charge.qrcode.qrcode).toMatch(/^000201.*pix\.asaas\.test\/qr\/cobv\/.*540599\.90.*6304[0-9A-F]{4}$/);
    expect(parsePix(charge.qrcode.qrcode)).toMatchObject({ type: "DYNAMIC" });

    const again = await checkoutAs(token, { ...CHECKOUT, invoiceId: invoice.id });
    expect(again.json()).toMatchObject({ invoiceId: invoice.id, qrcode: charge.qrcode });
    expect([...fake.payments.values()].filter((p) => p.externalReference === `invoice-${invoice.id}`)).toHaveLength(1);
  });

  it("needs the payer's CPF or CNPJ for a new customer", async () => {
    const c = await payingCompany(database.db);
    const { token } = await login(app, c.admin.email, c.admin.password);
    const res = await checkoutAs(token, CHECKOUT);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.cpfCnpj", message: "validation.required" }] });
  });

  it("charges an overdue invoice as due today (Asaas refuses past due dates)", async () => {
    const { paymentId } = await companyWithCharge(-3);
    expect(fake.payments.get(paymentId)!.dueDate).toBe(isoDay(0));
  });

  it("confirms a payment by webhook: invoice paid, due date a month on, the company's users told", async () => {
    const { company, token, invoice, paymentId } = await companyWithCharge(5);
    const other = await companyWithCharge(5);
    const mine = connectSocket(url, token);
    const theirs = connectSocket(url, other.token);
    await Promise.all([connected(mine), connected(theirs)]);
    const heard: unknown[] = [];
    theirs.on(companyEvent.payment(other.company.id), (p) => heard.push(p));
    theirs.on(companyEvent.payment(company.id), (p) => heard.push(p));

    fake.receive(paymentId);
    const event = nextEvent<PaymentEventPayload>(mine, companyEvent.payment(company.id));
    const res = await webhook(fake.event(paymentId, "PAYMENT_RECEIVED"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: "applied" });
    const newDue = addMonths(isoDay(5), 1);
    expect(await event).toEqual({ action: "CONCLUIDA", company: { dueDate: newDue } });
    const [paid] = await invoicesOf(database.db, company.id);
    expect(paid).toMatchObject({ id: invoice.id, status: "paid" });
    expect(paid!.paidAt).not.toBeNull();
    expect(await dueDateOf(database.db, company.id)).toBe(newDue);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
    mine.close();
    theirs.close();
  });

  it("extends the due date once, however often Asaas notifies", async () => {
    const { company, paymentId } = await companyWithCharge(5);
    fake.receive(paymentId);
    const first = fake.event(paymentId, "PAYMENT_CONFIRMED");
    expect((await webhook(first)).json()).toEqual({ outcome: "applied" });
    expect((await webhook(first)).json()).toEqual({ outcome: "duplicate" });
    expect((await webhook(fake.event(paymentId, "PAYMENT_RECEIVED"))).json()).toEqual({ outcome: "ignored" });
    expect(await dueDateOf(database.db, company.id)).toBe(addMonths(isoDay(5), 1));
    expect(await invoicesOf(database.db, company.id)).toHaveLength(1);
  });

  it("refuses a wrong or missing token, and changes nothing", async () => {
    const { company, paymentId } = await companyWithCharge(5);
    fake.receive(paymentId);
    for (const token of ["wrong-token-wrong-token-wrong", null]) {
      const res = await webhook(fake.event(paymentId), token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "ERR_INVALID_WEBHOOK_TOKEN" });
    }
    expect((await invoicesOf(database.db, company.id))[0]!.status).toBe("open");
    expect(await dueDateOf(database.db, company.id)).toBe(isoDay(5));
  });

  it("never trusts the notification: a payment Asaas reports unpaid, or for another amount, is refused", async () => {
    const { company, paymentId } = await companyWithCharge(5);
    // The body claims it was received; Asaas, asked, still has it pending.
    const forged = { ...fake.event(paymentId), payment: { ...fake.payments.get(paymentId)!, status: "RECEIVED" } };
    expect((await webhook(forged)).json()).toEqual({ outcome: "rejected" });
    fake.receive(paymentId, { value: 1.0 });
    expect((await webhook(fake.event(paymentId))).json()).toEqual({ outcome: "rejected" });
    expect((await invoicesOf(database.db, company.id))[0]!.status).toBe("open");
    expect(await dueDateOf(database.db, company.id)).toBe(isoDay(5));
  });

  it("ignores other events and payments of no invoice", async () => {
    const { paymentId } = await companyWithCharge(5);
    expect((await webhook(fake.event(paymentId, "PAYMENT_CREATED"))).json()).toEqual({ outcome: "ignored" });
    expect((await webhook({ id: "evt_unknown_1", event: "PAYMENT_RECEIVED", payment: { id: "pay_not_ours" } })).json()).toEqual({
      outcome: "rejected",
    });
  });
});
