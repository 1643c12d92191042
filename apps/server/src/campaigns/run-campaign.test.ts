import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent, type CampaignView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { captureEvents } from "../connections/test-support.js";
import { eventually } from "../test/socket-client.js";
import { campaignFixture, secondsFromNow } from "./test-support.js";

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

describe("a running campaign", () => {
  it("starts at its schedule, sends each valid contact one personalised variant and finishes with its figures", async () => {
    const ctx = await campaignFixture(app, database, [
      { name: "Ana Souza", number: "5511970001001" },
      { name: "Bruno Lima", number: "5511970001002" },
      { name: "Fora do Zap", number: "5511970001003", valid: false },
    ]);
    await app.inject({ method: "POST", url: "/campaign-settings", headers: ctx.asAdmin, payload: { settings: { variables: [{ key: "loja", value: "Loja Centro" }] } } });
    const emitted = captureEvents(app);
    const created = (
      await ctx.create({ name: "Boas-vindas", message1: "Olá {nome}, da {loja}!", message2: "Oi {nome} ({numero}), da {loja}!", scheduledAt: secondsFromNow(0) })
    ).json<CampaignView>();
    expect(created.status).toBe("PROGRAMADA");
    const done = await ctx.waitForStatusOf(created.id, "FINALIZADA");
    expect(done.completedAt).not.toBeNull();
    expect(done.stats).toEqual({ validContacts: 2, confirmationRequested: 0, confirmed: 0, delivered: 2, failed: 0, optedOut: 0, invalid: 1, failures: [] });

    for (const [name, number] of [["Ana Souza", "5511970001001"], ["Bruno Lima", "5511970001002"]] as const) {
      await eventually(async () => (await ctx.received(number)).length === 1, 10_000);
      const [message] = await ctx.received(number);
      expect([`Olá ${name}, da Loja Centro!`, `Oi ${name} (${number}), da Loja Centro!`]).toContain(message!.body);
    }
    // The contact and its ticket on the campaign's connection exist, the conversation shows the message.
    const rows = await ctx.shippings(created.id);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.status]))).toEqual({ "Ana Souza": "delivered", "Bruno Lima": "delivered", "Fora do Zap": "invalid" });
    const ana = rows.find((r) => r.name === "Ana Souza")!;
    expect(ana.contactId).not.toBeNull();
    expect(ana.ticketId).not.toBeNull();
    const statuses = emitted.filter((e) => e.event === companyEvent.campaign(ctx.company.id)).map((e) => (e.payload as { record: CampaignView }).record.status);
    expect(statuses).toContain("EM_ANDAMENTO");
    expect(statuses.at(-1)).toBe("FINALIZADA");
  });

  it("asks for confirmation first and sends the message only after the answer", async () => {
    const ctx = await campaignFixture(app, database, [{ name: "Carla", number: "5511970002001" }]);
    const created = (
      await ctx.create({ name: "Confirmada", confirmation: true, confirmationMessage1: "{nome}, posso enviar a oferta?", message1: "Oferta para {nome}", scheduledAt: secondsFromNow(0) })
    ).json<CampaignView>();
    await eventually(async () => (await ctx.received("5511970002001")).length === 1, 15_000);
    expect((await ctx.received("5511970002001"))[0]!.body).toBe("Carla, posso enviar a oferta?");
    expect((await ctx.view(created.id)).stats).toMatchObject({ confirmationRequested: 1, confirmed: 0, delivered: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await ctx.received("5511970002001")).toHaveLength(1);
    expect((await ctx.view(created.id)).status).toBe("EM_ANDAMENTO");

    await ctx.simulator("POST", "/chats/5511970002001/messages", { type: "text", body: "Sim, pode" });
    const done = await ctx.waitForStatusOf(created.id, "FINALIZADA");
    expect(done.stats).toMatchObject({ validContacts: 1, confirmationRequested: 1, confirmed: 1, delivered: 1 });
    expect((await ctx.received("5511970002001")).map((m) => m.body)).toEqual(["Carla, posso enviar a oferta?", "Oferta para Carla"]);
  });

  it("records an opt-out word and skips that contact in later campaigns, counting it", async () => {
    const ctx = await campaignFixture(app, database, [
      { name: "Davi", number: "5511970003001" },
      { name: "Eva", number: "5511970003002" },
    ]);
    const first = (await ctx.create({ name: "Primeira", message1: "Novidades, {nome}!", scheduledAt: secondsFromNow(0) })).json<CampaignView>();
    await ctx.waitForStatusOf(first.id, "FINALIZADA");
    await eventually(async () => (await ctx.received("5511970003001")).length === 1, 10_000);
    await ctx.simulator("POST", "/chats/5511970003001/messages", { type: "text", body: "parar!" });
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const second = (await ctx.create({ name: "Segunda", message1: "Mais novidades, {nome}!", scheduledAt: secondsFromNow(0) })).json<CampaignView>();
    const done = await ctx.waitForStatusOf(second.id, "FINALIZADA");
    expect(done.stats).toMatchObject({ validContacts: 1, delivered: 1, optedOut: 1 });
    await eventually(async () => (await ctx.received("5511970003002")).length === 2, 10_000);
    expect((await ctx.received("5511970003001")).map((m) => m.body)).toEqual(["Novidades, Davi!"]);
  });

  it("counts a failed send with its reason instead of dropping it", async () => {
    const ctx = await campaignFixture(app, database, [{ name: "Fábio", number: "5511970004001" }]);
    // A campaign without a connection uses the company's default; this company has none.
    await app.inject({ method: "PUT", url: `/whatsapp/${ctx.connection.id}`, headers: ctx.asAdmin, payload: { isDefault: false } });
    const { whatsapps } = await import("../db/schema.js");
    const { eq } = await import("drizzle-orm");
    await database.db.update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.id, ctx.connection.id));
    const created = (await ctx.create({ name: "Sem conexão", message1: "Oi", whatsappId: null, scheduledAt: secondsFromNow(0) })).json<CampaignView>();
    const done = await ctx.waitForStatusOf(created.id, "FINALIZADA");
    expect(done.stats).toMatchObject({ validContacts: 1, delivered: 0, failed: 1, failures: [{ number: "5511970004001", name: "Fábio", reason: "ERR_NO_DEF_WAPP_FOUND" }] });
  });
});
