import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { campaigns, campaignShippings, messages } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { waitForStatus } from "../connections/test-support.js";
import { eventually } from "../test/socket-client.js";
import { deliverCampaignShipping } from "./deliver-campaign-shipping.js";
import { campaignFixture, secondsFromNow } from "./test-support.js";

let database: Database;
const apps: TestApp[] = [];
let app: TestApp;
async function appWith(jobsSchema?: string) {
  const built = await createTestApp(database, jobsSchema ? { jobsSchema } : {});
  apps.push(built);
  return built;
}
beforeAll(async () => {
  database = await createTestDatabase();
  app = await appWith();
});
afterAll(async () => {
  for (const built of apps) await built.close().catch(() => undefined);
  await database.close();
});

const context = { jobId: "test", retryCount: 0, lastAttempt: false, signal: new AbortController().signal };

describe("a campaign never sends a contact twice", () => {
  it("when two workers run the same delivery at once", async () => {
    const ctx = await campaignFixture(app, database, [{ name: "Gil", number: "5511970006001" }]);
    const created = (await ctx.create({ name: "Duplicada", message1: "Só uma vez, {nome}" })).json<CampaignView>();
    // Running, with its row written and due, as a dispatch leaves it (no job of the app's own for it).
    await database.db.update(campaigns).set({ status: "EM_ANDAMENTO" }).where(eq(campaigns.id, created.id));
    const dueAt = new Date();
    const [shipping] = await database.db
      .insert(campaignShippings)
      .values({ companyId: ctx.company.id, campaignId: created.id, number: "5511970006001", name: "Gil", dueAt })
      .returning();
    const job = { companyId: ctx.company.id, shippingId: shipping!.id, dueAt: dueAt.toISOString() };
    await Promise.all([deliverCampaignShipping(app.deps, app.log, job, context), deliverCampaignShipping(app.deps, app.log, job, context)]);
    await deliverCampaignShipping(app.deps, app.log, job, context);

    const [row] = await database.db.select().from(campaignShippings).where(eq(campaignShippings.id, shipping!.id));
    expect(row!.status).toBe("delivered");
    const queued = await database.db.select().from(messages).where(eq(messages.ticketId, row!.ticketId!));
    expect(queued.map((m) => m.body)).toEqual(["Só uma vez, Gil"]);
    await eventually(async () => (await ctx.received("5511970006001")).length === 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await ctx.received("5511970006001")).toHaveLength(1);
  });

  it("when the server stops mid-campaign and the next start finishes it", { timeout: 120_000 }, async () => {
    const jobsSchema = `pgboss_test_${randomBytes(5).toString("hex")}`;
    const first = await appWith(jobsSchema);
    const customers = [1, 2, 3].map((n) => ({ name: `Pessoa ${n}`, number: `551197007000${n}` }));
    const ctx = await campaignFixture(first, database, customers);
    await first.inject({ method: "POST", url: "/campaign-settings", headers: ctx.asAdmin, payload: { settings: { messageInterval: 5 } } });
    const created = (await ctx.create({ name: "Interrompida", message1: "Oi {nome}", scheduledAt: secondsFromNow(0) })).json<CampaignView>();
    await eventually(async () => (await ctx.shippings(created.id)).some((s) => s.status === "delivered"), 15_000);
    await first.close();
    expect((await ctx.shippings(created.id)).filter((s) => s.status === "delivered")).toHaveLength(1);

    const second = await appWith(jobsSchema);
    await second.deps.sessions.startSession(ctx.connection.id);
    await waitForStatus(database.db, ctx.connection.id, "CONNECTED", 10_000);
    await eventually(async () => (await database.db.select().from(campaigns).where(eq(campaigns.id, created.id)))[0]!.status === "FINALIZADA", 30_000);
    const received = async (number: string) => (await second.inject({ method: "GET", url: `/simulator/${ctx.connection.id}/chats/${number}/messages`, headers: ctx.asAdmin })).json<{ direction: string }[]>().filter((m) => m.direction === "out");
    for (const customer of customers) await eventually(async () => (await received(customer.number)).length >= 1, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const customer of customers) expect(await received(customer.number), customer.number).toHaveLength(1);
  });
});
