import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { dueOffsetSeconds } from "./campaign-pacing.js";
import { campaignFixture, secondsFromNow } from "./test-support.js";

describe("dueOffsetSeconds", () => {
  it("spaces contacts by messageInterval and pauses greaterInterval after every longerIntervalAfter contacts", () => {
    const pacing = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
    expect([0, 1, 2, 19, 20, 21, 40].map((i) => dueOffsetSeconds(i, pacing))).toEqual([0, 20, 40, 380, 440, 460, 880]);
    expect([0, 1, 2, 3].map((i) => dueOffsetSeconds(i, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 60 }))).toEqual([0, 5, 10, 15]);
    expect([0, 1, 2].map((i) => dueOffsetSeconds(i, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 }))).toEqual([0, 0, 0]);
  });
});

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

const spacing = (dates: (Date | null)[]) => dates.slice(1).map((date, i) => Math.round((date!.getTime() - dates[i]!.getTime()) / 1000));

describe("campaign pacing", () => {
  it("stores each contact's due time from the settings, sends by it, and a restart keeps the spacing for the rest", { timeout: 90_000 }, async () => {
    const customers = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ name: `Cliente ${n}`, number: `551197005000${n}` }));
    const ctx = await campaignFixture(app, database, customers);
    const settings = await app.inject({ method: "POST", url: "/campaign-settings", headers: ctx.asAdmin, payload: { settings: { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 10 } } });
    expect(settings.statusCode).toBe(200);
    const created = (await ctx.create({ name: "Compassada", message1: "Oi {nome}", scheduledAt: secondsFromNow(0) })).json<CampaignView>();
    await eventually(async () => (await ctx.shippings(created.id)).filter((s) => s.dueAt !== null).length === 7, 15_000);
    const rows = await ctx.shippings(created.id);
    expect(rows.map((r) => r.sequence)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // 5 s apart, and 10 s instead after every 5 contacts.
    expect(spacing(rows.map((r) => r.dueAt))).toEqual([5, 5, 5, 5, 10, 5]);

    // The first goes at once; the second not before its time.
    await eventually(async () => (await ctx.received(customers[0]!.number)).length === 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await ctx.received(customers[1]!.number)).toHaveLength(0);

    expect((await app.inject({ method: "POST", url: `/campaigns/${created.id}/cancel`, headers: ctx.asAdmin })).json()).toMatchObject({ status: "CANCELADA" });
    expect((await app.inject({ method: "POST", url: `/campaigns/${created.id}/restart`, headers: ctx.asAdmin })).json()).toMatchObject({ status: "EM_ANDAMENTO" });
    const restOf = async () => (await ctx.shippings(created.id)).filter((s) => s.name !== "Cliente 1");
    // Rescheduled from the restart: new due times (the first of them may already be sent).
    await eventually(async () => (await restOf()).map((s) => s.sequence).join() === "0,1,2,3,4,5", 15_000);
    const rest = await restOf();
    // Continuing where it stopped: the six left, renumbered from the restart, with the same spacing rule.
    expect(rest.map((r) => [r.name, r.sequence])).toEqual([["Cliente 2", 0], ["Cliente 3", 1], ["Cliente 4", 2], ["Cliente 5", 3], ["Cliente 6", 4], ["Cliente 7", 5]]);
    expect(spacing(rest.map((r) => r.dueAt))).toEqual([5, 5, 5, 5, 10]);
    expect(await ctx.received(customers[0]!.number)).toHaveLength(1);
    await app.inject({ method: "POST", url: `/campaigns/${created.id}/cancel`, headers: ctx.asAdmin });
  });
});
