import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { messages, whatsapps } from "../db/schema.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";
import { inboundText, type FakeCustomer, type FakeGraphApi } from "../test/fakes/graph-api.js";
import type { TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";

/** The approved template the tests send: one body variable. */
export const TEMPLATE = { name: "boas_vindas", language: "pt_BR", body: "Olá {{1}}, temos novidades para você!" };

/**
 * Tests only: a company with a connected Cloud API connection on the fake Graph API (created through the
 * connections API, webhook verified), the fake's approved templates for its WABA, and a way for a customer to write
 * (a signed webhook, optionally with an old timestamp, so their 24-hour window is open or closed).
 */
export async function cloudCompany(app: TestApp, database: Database, graph: FakeGraphApi, o: { isDefault?: boolean } = {}) {
  const ctx = await connectionsCompany(app, database.db);
  const phone = graph.addPhone({ verifiedName: "Loja Modelos" });
  const appSecret = `secret-${Math.random().toString(36).slice(2)}`;
  const res = await app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: ctx.asAdmin,
    payload: {
      name: `Oficial ${Math.random().toString(36).slice(2, 7)}`,
      provider: "cloudapi",
      cloudPhoneNumberId: phone.id,
      cloudBusinessAccountId: phone.wabaId,
      cloudAccessToken: phone.token,
      cloudAppSecret: appSecret,
      ...(o.isDefault !== undefined ? { isDefault: o.isDefault } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const view = res.json<WhatsAppView>();
  graph.templates.set(phone.wabaId, [
    { id: "t1", name: TEMPLATE.name, language: TEMPLATE.language, status: "APPROVED", category: "MARKETING", components: [{ type: "BODY", text: TEMPLATE.body }] },
    { id: "t2", name: "aviso", language: "pt_BR", status: "APPROVED", category: "UTILITY", components: [{ type: "BODY", text: "Aviso importante." }] },
  ]);
  const verify = await app.inject({ method: "GET", url: `${view.cloudWebhookUrl!}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(view.cloudVerifyToken!)}&hub.challenge=42` });
  expect(verify.statusCode).toBe(200);
  await waitForStatus(database.db, view.id, "CONNECTED");

  /** The customer writes to the connection; `hoursAgo` dates the message (25 closes the window). */
  const customerWrites = async (customer: FakeCustomer, text: string, hoursAgo = 0) => {
    const m = inboundText(phone, customer, text, { timestamp: new Date(Date.now() - hoursAgo * 3_600_000) });
    const raw = JSON.stringify(m.payload);
    const signature = `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
    const answer = await app.inject({ method: "POST", url: view.cloudWebhookUrl!, headers: { "content-type": "application/json", "x-hub-signature-256": signature }, payload: raw });
    expect(answer.statusCode).toBe(200);
    await eventually(async () => (await database.db.select({ id: messages.id }).from(messages).where(and(eq(messages.whatsappId, view.id), eq(messages.providerId, m.id)))).length === 1);
  };
  /** What the fake Graph API received for a customer. */
  const sentTo = (waId: string) => graph.sent.filter((x) => x.phoneNumberId === phone.id && x.body.to === waId).map((x) => x.body);
  const makeDefault = () => database.db.update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, view.id));
  return { ...ctx, phone, appSecret, connection: view, customerWrites, sentTo, makeDefault };
}

let counter = 0;
/** A customer number of its own per call (5511 9 + 8 digits from the clock and a counter). */
export function newCustomer(name: string): FakeCustomer {
  counter += 1;
  const digits = String((Date.now() % 10_000_000) * 10 + (counter % 10)).padStart(8, "0").slice(-8);
  return { name, waId: `55119${digits}` };
}
