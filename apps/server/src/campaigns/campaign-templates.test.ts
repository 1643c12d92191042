import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contactListItems, contactLists, messages } from "../db/schema.js";
import { cloudCompany, newCustomer, TEMPLATE } from "../message-templates/test-support.js";
import { type FakeGraphApi } from "../test/fakes/graph-api.js";
import { type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { secondsFromNow } from "./test-support.js";
import { closeCloudTestApp, startCloudTestApp } from "../whatsapp/cloudapi/cloud-test-app.js";

/** Campaigns on a Cloud API connection: the template outside the 24-hour window, the message inside it. */
let database: Database;
let app: TestApp;
let graph: FakeGraphApi;
beforeAll(async () => {
  ({ database, graph, app } = await startCloudTestApp());
});
afterAll(() => closeCloudTestApp({ database, graph, app }));

async function setup(customers: { name: string; waId: string; email?: string }[]) {
  const ctx = await cloudCompany(app, database, graph);
  const [list] = await database.db.insert(contactLists).values({ companyId: ctx.company.id, name: "Clientes oficiais" }).returning();
  await database.db
    .insert(contactListItems)
    .values(customers.map((c) => ({ companyId: ctx.company.id, contactListId: list!.id, name: c.name, number: c.waId, email: c.email ?? "", isWhatsappValid: true })));
  await app.inject({
    method: "POST",
    url: "/campaign-settings",
    headers: ctx.asAdmin,
    payload: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: "loja", value: "Loja Centro" }] } },
  });
  const create = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/campaigns", headers: ctx.asAdmin, payload: { name: "Oficial", contactListId: list!.id, whatsappId: ctx.connection.id, ...payload } });
  const view = async (id: number) => (await app.inject({ method: "GET", url: `/campaigns/${id}`, headers: ctx.asAdmin })).json<CampaignView>();
  return { ...ctx, list: list!, create, view };
}

const template = { templateName: TEMPLATE.name, templateLanguage: TEMPLATE.language, templateVariables: ["{nome} da {loja}"] };

describe("a campaign on a Cloud API connection", () => {
  it("sends the template with {nome} filled to a contact outside the window and the message to one inside it", async () => {
    const closed = newCustomer("Ana Fechada");
    const open = newCustomer("Bruno Aberto");
    const ctx = await setup([closed, open]);
    await ctx.customerWrites(closed, "oi, ontem", 25);
    await ctx.customerWrites(open, "oi, agora");
    const res = await ctx.create({ message1: "Oferta para {nome}!", ...template, scheduledAt: secondsFromNow(0) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CampaignView>()).toMatchObject(template);
    const id = res.json<CampaignView>().id;
    await eventually(async () => (await ctx.view(id)).status === "FINALIZADA", 20_000);
    expect((await ctx.view(id)).stats).toMatchObject({ validContacts: 2, delivered: 2, failed: 0 });

    await eventually(async () => ctx.sentTo(closed.waId).length === 1 && ctx.sentTo(open.waId).length === 1, 10_000);
    expect(ctx.sentTo(closed.waId)[0]).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: closed.waId,
      type: "template",
      template: { name: TEMPLATE.name, language: { code: TEMPLATE.language }, components: [{ type: "body", parameters: [{ type: "text", text: "Ana Fechada da Loja Centro" }] }] },
    });
    expect(ctx.sentTo(open.waId)[0]).toMatchObject({ type: "text", text: { body: "Oferta para Bruno Aberto!" } });
    // The conversation shows the template's text as sent.
    const rows = await database.db.select({ body: messages.body, mediaType: messages.mediaType }).from(messages).where(eq(messages.companyId, ctx.company.id));
    expect(rows).toContainEqual({ body: "Olá Ana Fechada da Loja Centro, temos novidades para você!", mediaType: "template" });
  });

  it("sends the template as the confirmation request outside the window; the answer opens it for the message", async () => {
    const carla = newCustomer("Carla");
    const ctx = await setup([carla]);
    const res = await ctx.create({ confirmation: true, confirmationMessage1: "Posso enviar?", message1: "Oferta para {nome}", ...template, scheduledAt: secondsFromNow(0) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<CampaignView>().id;
    await eventually(async () => ctx.sentTo(carla.waId).length === 1, 15_000);
    expect(ctx.sentTo(carla.waId)[0]).toMatchObject({ type: "template", template: { name: TEMPLATE.name } });
    expect((await ctx.view(id)).stats).toMatchObject({ confirmationRequested: 1, delivered: 0 });
    await ctx.customerWrites(carla, "Sim");
    await eventually(async () => (await ctx.view(id)).status === "FINALIZADA", 15_000);
    await eventually(async () => ctx.sentTo(carla.waId).length === 2, 10_000);
    expect(ctx.sentTo(carla.waId)[1]).toMatchObject({ type: "text", text: { body: "Oferta para Carla" } });
  });

  it("is refused without a template, with an unknown one or with the wrong number of variables", async () => {
    const ctx = await setup([newCustomer("Davi")]);
    const none = await ctx.create({ message1: "Oi" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: "ERR_TEMPLATE_REQUIRED", fields: [{ path: "body.templateName" }] });
    const unknown = await ctx.create({ message1: "Oi", templateName: "nao_existe", templateLanguage: "pt_BR", templateVariables: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND", fields: [{ path: "body.templateName" }] });
    const wrongCount = await ctx.create({ message1: "Oi", templateName: TEMPLATE.name, templateLanguage: TEMPLATE.language, templateVariables: [] });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND", details: { expected: 1 }, fields: [{ path: "body.templateVariables" }] });
    const noLanguage = await ctx.create({ message1: "Oi", templateName: TEMPLATE.name });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.templateLanguage" }] });
    // Through the company's default connection (none named) the same rule holds.
    await ctx.makeDefault();
    expect((await ctx.create({ message1: "Oi", whatsappId: null })).json()).toMatchObject({ error: "ERR_TEMPLATE_REQUIRED" });
    // The template chosen, an update keeps it; removing it is refused.
    const created = (await ctx.create({ message1: "Oi", ...template })).json<CampaignView>();
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: "PUT", url: `/campaigns/${created.id}`, headers: ctx.asAdmin, payload: { name: "Oficial", contactListId: ctx.list.id, whatsappId: ctx.connection.id, message1: "Oi", ...payload } });
    expect((await put({ ...template, templateVariables: ["{email}"] })).json()).toMatchObject({ templateVariables: ["{email}"] });
    expect((await put({ templateName: null })).json()).toMatchObject({ error: "ERR_TEMPLATE_REQUIRED" });
  });
});
