import { eq } from "drizzle-orm";
import type { CampaignView, SimulatorMessageView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { campaignShippings, contactListItems, contactLists } from "../db/schema.js";
import type { TestApp } from "../test/helpers.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";
import { eventually } from "../test/socket-client.js";

/**
 * Tests only: a company with a connected simulator connection, its customers (virtual WhatsApp contacts) and a
 * contact list holding them, campaign settings at interval 0, and helpers to run campaigns as the admin.
 */
export async function campaignFixture(app: TestApp, database: Database, customers: { name: string; number: string; valid?: boolean }[]) {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Campanhas", provider: "simulator" } })).json<WhatsAppView>();
  const simulator = (method: "GET" | "POST", path: string, payload?: object) =>
    app.inject({ method, url: `/simulator/${connection.id}${path}`, headers: ctx.asAdmin, ...(payload ? { payload } : {}) });
  await simulator("POST", "/scan", { qrcode: connection.qrcode });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  for (const customer of customers) if (customer.valid !== false) await simulator("POST", "/contacts", { name: customer.name, number: customer.number });
  const [list] = await database.db.insert(contactLists).values({ companyId: ctx.company.id, name: "Clientes" }).returning();
  if (customers.length > 0) {
    await database.db.insert(contactListItems).values(
      customers.map((c) => ({ companyId: ctx.company.id, contactListId: list!.id, name: c.name, number: c.number, isWhatsappValid: c.valid ?? true })),
    );
  }
  await app.inject({
    method: "POST",
    url: "/campaign-settings",
    headers: ctx.asAdmin,
    payload: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } },
  });
  const create = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/campaigns", headers: ctx.asAdmin, payload: { contactListId: list!.id, whatsappId: connection.id, ...payload } });
  const view = async (id: number) => (await app.inject({ method: "GET", url: `/campaigns/${id}`, headers: ctx.asAdmin })).json<CampaignView>();
  const received = async (number: string) =>
    (await simulator("GET", `/chats/${number}/messages`)).json<SimulatorMessageView[]>().filter((m) => m.direction === "out");
  const waitForStatusOf = async (id: number, status: CampaignView["status"], timeoutMs = 20_000) => {
    await eventually(async () => (await view(id)).status === status, timeoutMs);
    return view(id);
  };
  const shippings = async (campaignId: number) =>
    database.db.select().from(campaignShippings).where(eq(campaignShippings.campaignId, campaignId)).orderBy(campaignShippings.sequence, campaignShippings.id);
  return { ...ctx, connection, simulator, list: list!, create, view, received, waitForStatusOf, shippings };
}

export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
