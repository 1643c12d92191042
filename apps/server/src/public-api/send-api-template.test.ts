import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiSendResult } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages } from "../db/schema.js";
import { cloudCompany, newCustomer, TEMPLATE } from "../message-templates/test-support.js";
import { type FakeGraphApi } from "../test/fakes/graph-api.js";
import { bearer, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { closeCloudTestApp, startCloudTestApp } from "../whatsapp/cloudapi/cloud-test-app.js";

/** The external API on a Cloud API connection: a template when the customer's 24-hour window is closed. */
let database: Database;
let app: TestApp;
let graph: FakeGraphApi;
beforeAll(async () => {
  ({ database, graph, app } = await startCloudTestApp());
});
afterAll(() => closeCloudTestApp({ database, graph, app }));

async function setup() {
  const ctx = await cloudCompany(app, database, graph);
  const token = (await app.inject({ method: "POST", url: `/whatsapp/${ctx.connection.id}/api-token`, headers: ctx.asAdmin })).json<{ token: string }>().token;
  const send = (payload: object) => app.inject({ method: "POST", url: "/api/messages/send", headers: bearer(token), payload });
  return { ...ctx, send };
}

const template = { name: TEMPLATE.name, language: TEMPLATE.language, parameters: ["Ivo"] };

describe("POST /api/messages/send on a Cloud API connection", () => {
  it("refuses a text to a customer whose window is closed (or who never wrote) without a template, storing nothing", async () => {
    const ctx = await setup();
    const stranger = newCustomer("Nunca Escreveu");
    const res = await ctx.send({ number: stranger.waId, body: "Seu pedido saiu" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_TEMPLATE_REQUIRED", fields: [{ path: "body.template" }] });
    expect(await database.db.select().from(contacts).where(eq(contacts.companyId, ctx.company.id))).toEqual([]);

    const old = newCustomer("Ontem");
    await ctx.customerWrites(old, "oi", 26);
    expect((await ctx.send({ number: old.waId, body: "Seu pedido saiu" })).json()).toMatchObject({ error: "ERR_TEMPLATE_REQUIRED" });
    expect(ctx.sentTo(old.waId)).toEqual([]);
  });

  it("sends the template when the window is closed, and the text when it is open", async () => {
    const ctx = await setup();
    const closed = newCustomer("Ivo");
    const res = await ctx.send({ number: closed.waId, body: "Seu pedido saiu", template });
    expect(res.statusCode, res.body).toBe(201);
    const [sent] = res.json<ApiSendResult>().messages;
    expect(sent).toMatchObject({ mediaType: "template", status: "queued" });
    await eventually(async () => ctx.sentTo(closed.waId).length === 1, 10_000);
    expect(ctx.sentTo(closed.waId)[0]).toMatchObject({
      type: "template",
      template: { name: TEMPLATE.name, language: { code: TEMPLATE.language }, components: [{ type: "body", parameters: [{ type: "text", text: "Ivo" }] }] },
    });
    const [row] = await database.db.select().from(messages).where(eq(messages.id, sent!.id));
    expect(row!.body).toBe("Olá Ivo, temos novidades para você!");

    const open = newCustomer("Joana");
    await ctx.customerWrites(open, "oi agora");
    expect((await ctx.send({ number: open.waId, body: "Seu pedido saiu", template })).statusCode).toBe(201);
    await eventually(async () => ctx.sentTo(open.waId).length === 1, 10_000);
    expect(ctx.sentTo(open.waId)[0]).toMatchObject({ type: "text", text: { body: "Seu pedido saiu" } });
    // A template alone goes even inside the window.
    expect((await ctx.send({ number: open.waId, template })).statusCode).toBe(201);
    await eventually(async () => ctx.sentTo(open.waId).length === 2, 10_000);
    expect(ctx.sentTo(open.waId)[1]).toMatchObject({ type: "template" });
  });

  it("refuses an unknown template or the wrong number of parameters, and a call with neither body nor template", async () => {
    const ctx = await setup();
    const who = newCustomer("Karla");
    const unknown = await ctx.send({ number: who.waId, template: { ...template, name: "nao_existe" } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND", fields: [{ path: "body.template.name" }] });
    const wrong = await ctx.send({ number: who.waId, template: { ...template, parameters: [] } });
    expect(wrong.json()).toMatchObject({ error: "ERR_TEMPLATE_NOT_FOUND", details: { expected: 1 }, fields: [{ path: "body.template.parameters" }] });
    const empty = await ctx.send({ number: who.waId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.body" }] });
    expect(ctx.sentTo(who.waId)).toEqual([]);
  });
});
