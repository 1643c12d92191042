import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueueIntegrationListView, QueueIntegrationSavedView, QueueIntegrationView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { eq } from "drizzle-orm";
import { messages, queueIntegrations } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { connectSocket, connected, listen } from "../test/socket-client.js";
import { startFakeWebhook, type FakeWebhook } from "../test/fakes/webhook.js";
import { createConnection, createTicket } from "../tickets/flow/flow.test-helpers.js";

let database: Database;
let app: TestApp;
let hook: FakeWebhook;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  hook = await startFakeWebhook();
});
afterAll(async () => {
  await hook.close();
  await app.close();
  await database.close();
});

async function adminOf(planOverrides: Record<string, boolean> = {}) {
  const company = await createCompany(database.db, {}, planOverrides);
  const admin = await createUser(database.db, company.id, { profile: "admin" });
  const { token } = await login(app, admin.email, admin.password);
  const call = async <T>(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: (res.body ? res.json() : null) as T, raw: res.body };
  };
  return { company, admin, token, call };
}

const OPENAI_KEY = "sk-test-abcdefghijklmnopqrstuvwxyz-1234";

describe("/queueIntegration", () => {
  it("creates, lists, searches, edits and deletes; secrets are masked in every answer and event", async () => {
    const { company, token, call } = await adminOf();
    const url = await listen(app);
    const socket = connectSocket(url, token);
    await connected(socket);
    const events: unknown[] = [];
    socket.on(`company-${company.id}-queueIntegration`, (payload: unknown) => events.push(payload));

    const created = await call<QueueIntegrationSavedView>("POST", "/queueIntegration", { type: "openaiassist", name: "Assistente", openaiid: "asst_123", openaikey: OPENAI_KEY });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: "openaiassist", name: "Assistente", projectName: "Assistente", openaiid: "asst_123", openaikey: "••••1234" });
    expect(created.raw).not.toContain(OPENAI_KEY);
    // Stored sealed, not in clear.
    const stored = await database.db.select().from(queueIntegrations);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(OPENAI_KEY);

    const typebot = await call<QueueIntegrationView>("POST", "/queueIntegration", { type: "typebot", name: "Typebot Vendas", urlN8N: "https://typebot.example.com", typebotSlug: "vendas" });
    expect(typebot.status).toBe(201);
    expect(typebot.body).toMatchObject({ typebotExpires: 1, typebotDelayMessage: 1000, projectName: "Typebot Vendas" });

    const list = await call<QueueIntegrationListView>("GET", "/queueIntegration?searchParam=typebot&pageNumber=1");
    expect(list.status).toBe(200);
    expect(list.body.queueIntegrations.map((i) => i.name)).toEqual(["Typebot Vendas"]);
    expect(list.body.hasMore).toBe(false);

    // Sending the masked value back keeps the key; a new name is saved.
    const edit = await call<QueueIntegrationView>("PUT", `/queueIntegration/${created.body.id}`, { type: "openaiassist", name: "Assistente 2", openaiid: "asst_123", openaikey: created.body.openaikey });
    expect(edit.status, edit.raw).toBe(200);
    expect(edit.body).toMatchObject({ name: "Assistente 2", openaikey: "••••1234" });
    const got = await call<QueueIntegrationView>("GET", `/queueIntegration/${created.body.id}`);
    expect(got.body.openaikey).toBe("••••1234");
    expect(got.raw).not.toContain(OPENAI_KEY);

    const deleted = await call("DELETE", `/queueIntegration/${typebot.body.id}`);
    expect(deleted.status).toBe(204);
    expect((await call("GET", `/queueIntegration/${typebot.body.id}`)).status).toBe(404);

    await new Promise((r) => setTimeout(r, 300));
    socket.close();
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "create", queueIntegration: expect.objectContaining({ name: "Assistente" }) }),
        expect.objectContaining({ action: "update", queueIntegration: expect.objectContaining({ name: "Assistente 2" }) }),
        { action: "delete", integrationId: typebot.body.id },
      ]),
    );
    expect(JSON.stringify(events)).not.toContain(OPENAI_KEY);
  });

  it("validates per type (section 5)", async () => {
    const { call } = await adminOf();
    const fieldsOf = async (payload: unknown) => {
      const res = await call<{ error: string; fields: { path: string; message: string }[] }>("POST", "/queueIntegration", payload);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      return res.body.fields.map((f) => `${f.path}:${f.message}`).sort();
    };
    expect(await fieldsOf({})).toEqual(["body.type:validation.required"]);
    expect(await fieldsOf({ type: "webhook" })).toEqual(["body.name:validation.required", "body.urlN8N:validation.required"]);
    expect(await fieldsOf({ type: "dify", name: "D" })).toEqual(["body.apidify:validation.required", "body.urldify:validation.required"]);
    expect(await fieldsOf({ type: "openaiassist", name: "O" })).toEqual(["body.openaiid:validation.required", "body.openaikey:validation.required"]);
    expect(await fieldsOf({ type: "typebot", name: "T", urlN8N: "ftp://x" })).toEqual(["body.typebotSlug:validation.required", "body.urlN8N:validation.invalid"]);
    expect(await fieldsOf({ type: "flowise", name: "F" })).toEqual(["body.urlflowise:validation.required"]);
    expect(await fieldsOf({ type: "dialogflow", projectName: "p", jsonContent: "{not json" })).toEqual(["body.jsonContent:validation.invalid"]);
  });

  it("webhook: the signing secret is answered once at creation, then only masked; testSession signs its call", async () => {
    const { call } = await adminOf();
    const created = await call<QueueIntegrationSavedView>("POST", "/queueIntegration", { type: "webhook", name: "Hook", urlN8N: hook.url });
    expect(created.status).toBe(201);
    const secret = created.body.newWebhookSecret!;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(created.body.hasWebhookSecret).toBe(true);
    const got = await call<QueueIntegrationView>("GET", `/queueIntegration/${created.body.id}`);
    expect(got.raw).not.toContain(secret);
    expect(got.body.webhookSecret).toBe(`••••${secret.slice(-4)}`);

    hook.secret = secret;
    hook.respond = () => ({ status: 200, json: { ok: true } });
    const test = await call<{ ok: boolean }>("POST", "/queueIntegration/testSession", { id: created.body.id, type: "webhook" });
    expect(test.body).toEqual({ ok: true });
    expect(hook.calls.at(-1)!.signatureValid).toBe(true);

    // A wrong secret on the receiver's side: the receiver refuses and the test says so.
    hook.secret = "other";
    const bad = await call<{ ok: boolean; details: string }>("POST", "/queueIntegration/testSession", { id: created.body.id, type: "webhook" });
    expect(bad.body).toEqual({ ok: false, details: "HTTP 401" });

    const rotated = await call<QueueIntegrationSavedView>("PUT", `/queueIntegration/${created.body.id}`, { type: "webhook", name: "Hook", urlN8N: hook.url, rotateSecret: true });
    expect(rotated.body.newWebhookSecret).toMatch(/^whsec_/);
    expect(rotated.body.newWebhookSecret).not.toBe(secret);
  });

  it("a plan without useIntegrations gets 403; another company's integration is 404", async () => {
    const noPlan = await adminOf({ useIntegrations: false });
    const refused = await noPlan.call<{ error: string }>("GET", "/queueIntegration");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect((await noPlan.call("POST", "/queueIntegration", { type: "webhook", name: "x", urlN8N: hook.url })).status).toBe(403);

    const a = await adminOf();
    const b = await adminOf();
    const mine = await a.call<QueueIntegrationView>("POST", "/queueIntegration", { type: "n8n", name: "N8N", urlN8N: hook.url });
    expect((await b.call<{ error: string }>("GET", `/queueIntegration/${mine.body.id}`)).body).toEqual({ error: "ERR_NO_INTEGRATION_FOUND" });
    expect((await b.call("PUT", `/queueIntegration/${mine.body.id}`, { type: "n8n", name: "x", urlN8N: hook.url })).status).toBe(404);
    expect((await b.call("DELETE", `/queueIntegration/${mine.body.id}`)).status).toBe(404);
    expect((await b.call("POST", "/queueIntegration/testSession", { id: mine.body.id, type: "n8n" })).status).toBe(404);
  });

  it("queues, connections and tickets accept only their company's integration and prompt ids", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const theirs = await b.call<QueueIntegrationView>("POST", "/queueIntegration", { type: "n8n", name: "Theirs", urlN8N: hook.url });
    const mine = await a.call<QueueIntegrationView>("POST", "/queueIntegration", { type: "n8n", name: "Mine", urlN8N: hook.url });

    const refused = await a.call<{ error: string; details: unknown }>("POST", "/queue", { name: "Fila X", color: "#123456", integrationId: theirs.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "ERR_INVALID_INTEGRATION", details: { id: theirs.body.id } });
    expect((await a.call<{ error: string }>("POST", "/queue", { name: "Fila X", color: "#123456", promptId: 999_999 })).body.error).toBe("ERR_INVALID_PROMPT");
    const queue = await a.call<{ id: number; integrationId: number }>("POST", "/queue", { name: "Fila X", color: "#123456", integrationId: mine.body.id });
    expect(queue.status).toBe(201);
    expect(queue.body.integrationId).toBe(mine.body.id);
    expect((await a.call<{ error: string }>("PUT", `/queue/${queue.body.id}`, { name: "Fila X", color: "#123456", integrationId: theirs.body.id })).body.error).toBe("ERR_INVALID_INTEGRATION");
    const cleared = await a.call<{ integrationId: number | null }>("PUT", `/queue/${queue.body.id}`, { name: "Fila X", color: "#123456", integrationId: null });
    expect(cleared.body.integrationId).toBeNull();

    const connection = await createConnection(database.db, a.company.id);
    expect((await a.call<{ error: string }>("PUT", `/whatsapp/${connection.id}`, { promptId: 999_999 })).body.error).toBe("ERR_INVALID_PROMPT");

    const ticket = await createTicket(database.db, a.company.id, connection.id);
    const bad = await a.call<{ error: string }>("PUT", `/tickets/${ticket.id}`, { integrationId: theirs.body.id });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_INVALID_INTEGRATION");
    expect((await a.call<{ error: string }>("PUT", `/tickets/${ticket.id}`, { promptId: 424242 })).body.error).toBe("ERR_INVALID_PROMPT");
  });

  it("a queue keeps its completion and rating messages; resolving a ticket of the queue says its farewell", async () => {
    const a = await adminOf();
    const queue = await a.call<{ id: number; complationMessage: string; ratingMessage: string }>("POST", "/queue", {
      name: "Fila Z",
      color: "#654321",
      complationMessage: "Até mais, da Fila Z!",
      ratingMessage: "Nota para a Fila Z?",
    });
    expect(queue.status, queue.raw).toBe(201);
    expect(queue.body).toMatchObject({ complationMessage: "Até mais, da Fila Z!", ratingMessage: "Nota para a Fila Z?" });
    const connection = await createConnection(database.db, a.company.id, { complationMessage: "Tchau da conexão" });
    const ticket = await createTicket(database.db, a.company.id, connection.id, { queueId: queue.body.id, userId: a.admin.id, status: "open" });
    const closed = await a.call("PUT", `/tickets/${ticket.id}`, { status: "closed" });
    expect(closed.status, closed.raw).toBe(200);
    const sent = await database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(sent.map((m) => m.body)).toEqual(["Até mais, da Fila Z!"]);
  });
});
