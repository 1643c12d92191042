import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, schedules, tickets } from "../db/schema.js";
import { cloudCompany, newCustomer, TEMPLATE } from "../message-templates/test-support.js";
import { type FakeCustomer, type FakeGraphApi } from "../test/fakes/graph-api.js";
import { type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { secondsFromNow } from "./test-support.js";
import { closeCloudTestApp, startCloudTestApp } from "../whatsapp/cloudapi/cloud-test-app.js";

/** Schedules on a Cloud API connection: the template when the contact's 24-hour window has closed by send time. */
let database: Database;
let app: TestApp;
let graph: FakeGraphApi;
beforeAll(async () => {
  ({ database, graph, app } = await startCloudTestApp());
});
afterAll(() => closeCloudTestApp({ database, graph, app }));

async function setup(customer: FakeCustomer, hoursAgo: number) {
  const ctx = await cloudCompany(app, database, graph);
  await ctx.customerWrites(customer, "Olá", hoursAgo);
  const [contact] = await database.db.select().from(contacts).where(and(eq(contacts.companyId, ctx.company.id), eq(contacts.number, customer.waId)));
  const schedule = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/schedules", headers: ctx.asAdmin, payload: { contactId: contact!.id, whatsappId: ctx.connection.id, ...payload } });
  const row = async (id: number) => (await database.db.select().from(schedules).where(eq(schedules.id, id)))[0]!;
  return { ...ctx, contact: contact!, schedule, row };
}

const template = { templateName: TEMPLATE.name, templateLanguage: TEMPLATE.language, templateVariables: ["{nome} ({numero})"] };

describe("a schedule on a Cloud API connection", () => {
  it("sends its template with the contact's variables when the window is closed", async () => {
    const customer = newCustomer("Elisa Fechada");
    const ctx = await setup(customer, 25);
    const res = await ctx.schedule({ body: "Seu pedido chegou, {nome}", sendAt: secondsFromNow(0.5), ...template });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ScheduleView>()).toMatchObject(template);
    const id = res.json<ScheduleView>().id;
    await eventually(async () => (await ctx.row(id)).status === "ENVIADA", 15_000);
    await eventually(async () => ctx.sentTo(customer.waId).length === 1, 10_000);
    expect(ctx.sentTo(customer.waId)[0]).toMatchObject({
      type: "template",
      template: { name: TEMPLATE.name, language: { code: TEMPLATE.language }, components: [{ type: "body", parameters: [{ type: "text", text: `Elisa Fechada (${customer.waId})` }] }] },
    });
    const [message] = await database.db.select().from(messages).where(eq(messages.id, (await ctx.row(id)).messageId!));
    expect(message).toMatchObject({ mediaType: "template", body: `Olá Elisa Fechada (${customer.waId}), temos novidades para você!` });
  });

  it("sends its text when the window is open", async () => {
    const customer = newCustomer("Fabio Aberto");
    const ctx = await setup(customer, 1);
    const id = (await ctx.schedule({ body: "Seu pedido chegou, {nome}", sendAt: secondsFromNow(0.5), ...template })).json<ScheduleView>().id;
    await eventually(async () => (await ctx.row(id)).status === "ENVIADA", 15_000);
    await eventually(async () => ctx.sentTo(customer.waId).length === 1, 10_000);
    expect(ctx.sentTo(customer.waId)[0]).toMatchObject({ type: "text", text: { body: "Seu pedido chegou, Fabio Aberto" } });
  });

  it("ends ERRO ERR_TEMPLATE_REQUIRED without a template when the window is closed, opening no ticket", async () => {
    const customer = newCustomer("Gil Sem Modelo");
    const ctx = await setup(customer, 30);
    const before = await database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.contactId, ctx.contact.id));
    const res = await ctx.schedule({ body: "Lembrete da consulta", sendAt: secondsFromNow(0.5) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<ScheduleView>().id;
    await eventually(async () => (await ctx.row(id)).status === "ERRO", 15_000);
    expect((await ctx.row(id)).error).toBe("ERR_TEMPLATE_REQUIRED");
    expect(ctx.sentTo(customer.waId)).toEqual([]);
    expect(await database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.contactId, ctx.contact.id))).toEqual(before);
  });

  it("refuses an unknown template or the wrong number of variables at save", async () => {
    const ctx = await setup(newCustomer("Hugo"), 0);
    const unknown = await ctx.schedule({ body: "Lembrete", sendAt: secondsFromNow(3600), templateName: "nao_existe", templateLanguage: "pt_BR" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND" });
    const wrong = await ctx.schedule({ body: "Lembrete", sendAt: secondsFromNow(3600), templateName: TEMPLATE.name, templateLanguage: TEMPLATE.language, templateVariables: ["a", "b"] });
    expect(wrong.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND", details: { expected: 1 }, fields: [{ path: "body.templateVariables" }] });
  });
});
