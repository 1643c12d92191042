import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { companyEvent } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { prompts, queues } from "../../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../../test/helpers.js";

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

const API_KEY = "sk-proj-SECRETKEY-0123456789abcdef";
const VOICE_KEY = "azure-VOICEKEY-0123456789abcdef";
const INSTRUCTIONS = "Você é a assistente virtual da Loja Exemplo. Responda com cordialidade e no máximo duas frases.";

async function companyWithAdmin(planOverrides: Record<string, unknown> = {}) {
  const company = await createCompany(database.db, {}, planOverrides);
  const user = await createUser(database.db, company.id, { profile: "admin" });
  const { token } = await login(app, user.email, user.password);
  const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Vendas", color: "#00aa00" }).returning();
  return { company, token, queue: queue! };
}

const body = (queueId: number, extra: Record<string, unknown> = {}) => ({ name: "Assistente", prompt: INSTRUCTIONS, apiKey: API_KEY, queueId, ...extra });
const call = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe("/prompt", () => {
  it("creates a prompt with the spec's defaults, links its queue and tells the company, without the key", async () => {
    const { company, token, queue } = await companyWithAdmin();
    const emitted = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await call(token, "POST", "/prompt", body(queue.id));
    expect(res.statusCode).toBe(201);
    const prompt = res.json();
    expect(prompt).toMatchObject({
      name: "Assistente",
      prompt: INSTRUCTIONS,
      voice: "texto",
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId: queue.id,
      queue: { id: queue.id, name: "Vendas" },
      apiKeyMasked: "••••cdef",
      voiceKeyMasked: "",
    });
    expect(res.body).not.toContain(API_KEY);
    expect(emitted).toHaveBeenCalledWith(company.id, companyEvent.prompt(company.id), { action: "create", prompt });
    expect(JSON.stringify(emitted.mock.calls)).not.toContain(API_KEY);
    emitted.mockRestore();

    // Stored sealed; the queue now answers with it.
    const [row] = await database.db.select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(row!.apiKey).not.toContain(API_KEY);
    expect(row!.apiKey.startsWith("enc:v1:")).toBe(true);
    const [linked] = await database.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(linked!.promptId).toBe(prompt.id);

    const list = await call(token, "GET", "/prompt");
    expect(list.json()).toEqual({ prompts: [prompt] });
    expect((await call(token, "GET", `/prompt/${prompt.id}`)).json()).toEqual(prompt);
  });

  it("refuses a prompt without a queue with 'Informe o setor', and the other bounds of spec 5", async () => {
    const { token, queue } = await companyWithAdmin();
    const noQueue = await call(token, "POST", "/prompt", { name: "Assistente", prompt: INSTRUCTIONS, apiKey: API_KEY });
    expect(noQueue.statusCode).toBe(400);
    expect(noQueue.json().fields).toEqual([{ path: "body.queueId", message: "validation.queueRequired" }]);

    const bad = await call(token, "POST", "/prompt", { name: "Abc", prompt: "curto demais", apiKey: "", queueId: queue.id, temperature: 3, maxTokens: 0 });
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.tooShort" },
        { path: "body.prompt", message: "validation.tooShort" },
        { path: "body.apiKey", message: "validation.required" },
        { path: "body.temperature", message: "validation.invalid" },
        { path: "body.maxTokens", message: "validation.invalid" },
      ]),
    );
    const tooLong = await call(token, "POST", "/prompt", body(queue.id, { name: "x".repeat(101) }));
    expect(tooLong.json().fields).toEqual([{ path: "body.name", message: "validation.tooLong" }]);

    // A voice needs its key and region; the region is a bare Azure region name.
    const voice = await call(token, "POST", "/prompt", body(queue.id, { voice: "pt-BR-FranciscaNeural" }));
    expect(voice.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.voiceRegion", message: "validation.required" },
        { path: "body.voiceKey", message: "validation.required" },
      ]),
    );
    const host = await call(token, "POST", "/prompt", body(queue.id, { voice: "pt-BR-FranciscaNeural", voiceKey: VOICE_KEY, voiceRegion: "evil.com/x" }));
    expect(host.json().fields).toEqual([{ path: "body.voiceRegion", message: "validation.invalid" }]);
    const unknownVoice = await call(token, "POST", "/prompt", body(queue.id, { voice: "en-US-JennyNeural" }));
    expect(unknownVoice.json().fields).toEqual([{ path: "body.voice", message: "validation.invalid" }]);
  });

  it("refuses another company's queue as if none was chosen", async () => {
    const { token } = await companyWithAdmin();
    const other = await companyWithAdmin();
    const res = await call(token, "POST", "/prompt", body(other.queue.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: "body.queueId", message: "validation.queueRequired" }]);
  });

  it("updates keeping write-only keys, moves the queue link, and never answers a key", async () => {
    const { company, token, queue } = await companyWithAdmin();
    const [second] = await database.db.insert(queues).values({ companyId: company.id, name: "Suporte", color: "#0000aa" }).returning();
    const created = (await call(token, "POST", "/prompt", body(queue.id, { voice: "pt-BR-AntonioNeural", voiceKey: VOICE_KEY, voiceRegion: "BrazilSouth" }))).json();
    expect(created).toMatchObject({ voice: "pt-BR-AntonioNeural", voiceRegion: "brazilsouth", voiceKeyMasked: "••••cdef" });

    const emitted = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await call(token, "PUT", `/prompt/${created.id}`, { ...body(second!.id), apiKey: "", maxTokens: 300, temperature: 0.4, maxMessages: 5, voice: "pt-BR-AntonioNeural", voiceRegion: "eastus" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maxTokens: 300, temperature: 0.4, maxMessages: 5, queueId: second!.id, apiKeyMasked: "••••cdef", voiceKeyMasked: "••••cdef" });
    expect(emitted).toHaveBeenCalledWith(company.id, companyEvent.prompt(company.id), { action: "update", prompt: res.json() });
    const calls = JSON.stringify(emitted.mock.calls);
    expect(calls).not.toContain(API_KEY);
    expect(calls).not.toContain(VOICE_KEY);
    emitted.mockRestore();

    const [oldQueue] = await database.db.select().from(queues).where(eq(queues.id, queue.id));
    const [newQueue] = await database.db.select().from(queues).where(eq(queues.id, second!.id));
    expect(oldQueue!.promptId).toBeNull();
    expect(newQueue!.promptId).toBe(created.id);

    // Clearing the voice key while a voice is chosen is refused.
    const cleared = await call(token, "PUT", `/prompt/${created.id}`, { ...body(second!.id), voice: "pt-BR-AntonioNeural", voiceRegion: "eastus", voiceKey: "" });
    expect(cleared.json().fields).toEqual([{ path: "body.voiceKey", message: "validation.required" }]);
  });

  it("deletes with a message to show, and its queue stops answering with it", async () => {
    const { company, token, queue } = await companyWithAdmin();
    const created = (await call(token, "POST", "/prompt", body(queue.id))).json();
    const emitted = vi.spyOn(app.deps.realtime, "toCompany");
    const res = await call(token, "DELETE", `/prompt/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "prompts.deleted" });
    expect(emitted).toHaveBeenCalledWith(company.id, companyEvent.prompt(company.id), { action: "delete", promptId: created.id });
    emitted.mockRestore();
    const [row] = await database.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(row!.promptId).toBeNull();
    expect((await call(token, "GET", `/prompt/${created.id}`)).json()).toEqual({ error: "ERR_NO_PROMPT_FOUND" });
  });

  it("answers 404 for another company's prompt", async () => {
    const mine = await companyWithAdmin();
    const theirs = await companyWithAdmin();
    const created = (await call(theirs.token, "POST", "/prompt", body(theirs.queue.id))).json();
    for (const [method, payload] of [["GET"], ["PUT", body(mine.queue.id)], ["DELETE"]] as const) {
      const res = await call(mine.token, method, `/prompt/${created.id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "ERR_NO_PROMPT_FOUND" });
    }
    expect((await call(theirs.token, "GET", `/prompt/${created.id}`)).statusCode).toBe(200);
  });

  it("is refused with 403 to a company whose plan lacks useOpenAi", async () => {
    const { token, queue } = await companyWithAdmin({ useOpenAi: false });
    for (const [method, url, payload] of [["GET", "/prompt"], ["POST", "/prompt", body(queue.id)], ["GET", "/prompt/1"], ["PUT", "/prompt/1", body(queue.id)], ["DELETE", "/prompt/1"]] as const) {
      const res = await call(token, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useOpenAi" } });
    }
  });
});
