import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { aiUsage, messages, ticketNotes, tickets } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { ingestMessage } from "../ingestion/ingest-message.js";
import { brazilianMobile, customerText, ingestDepsOf } from "../ingestion/test-support.js";
import { createConnection, createQueue, linkQueues, waitFor } from "../tickets/flow/flow.test-helpers.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test/fakes/openai.js";
import { createPrompt } from "./prompts/create-prompt.js";
import { promptSecretBox } from "./prompts/prompt-secrets.js";
import { TRANSFER_MARKER } from "./prompt-adapter.js";

/** A queue's AI prompt through the real pipeline: ingestion, the conversation runtime's job, the prompt adapter, a fake OpenAI. */
let database: Database;
let app: TestApp;
let openai: FakeOpenAi;
const KEY = "sk-turn-test-key-000111";

beforeAll(async () => {
  database = await createTestDatabase();
  openai = await startFakeOpenAi({
    apiKey: KEY,
    reply: (req) => {
      const last = String(req.body?.messages?.at(-1)?.content ?? "");
      return last === "quero um humano" ? `${TRANSFER_MARKER} cliente pediu um atendente` : `IA: ${last}`;
    },
  });
  app = await createTestApp(database, { openaiApiUrl: openai.url });
});
afterAll(async () => {
  await openai.close();
  await app.close();
  await database.close();
});

describe("a queue with an AI prompt", () => {
  it("answers the customer as the bot with the conversation as context, records the tokens, and hands over with a note", async () => {
    const company = await createCompany(database.db);
    const queue = await createQueue(database.db, company.id);
    const { prompt } = await createPrompt({ db: database.db, box: promptSecretBox(app.deps.config.whatsappEncryptionKey) }, company.id, {
      name: "Assistente",
      prompt: "Você é a assistente da loja. Responda em português, com cordialidade e objetividade.",
      apiKey: KEY,
      voice: "texto",
      voiceRegion: "",
      maxTokens: 80,
      temperature: 0.2,
      maxMessages: 10,
      queueId: queue.id,
    });
    const connection = await createConnection(database.db, company.id);
    await linkQueues(database.db, company.id, connection.id, [queue.id]);
    const customer = { number: brazilianMobile(), pushName: "Paulo" };
    let clock = Date.now();
    const says = async (body: string) => {
      clock += 10_000;
      await ingestMessage(ingestDepsOf(app), { companyId: company.id, whatsappId: connection.id }, customerText(customer, body, { timestamp: new Date(clock) }));
    };
    const ticket = async () => (await database.db.select().from(tickets).where(eq(tickets.companyId, company.id)))[0]!;
    const botSaid = async () =>
      (await database.db.select().from(messages).where(and(eq(messages.ticketId, (await ticket()).id), eq(messages.fromMe, true))).orderBy(asc(messages.id))).map((m) => [m.body, m.automatic]);

    await says("Oi, vocês entregam?");
    await waitFor(async () => (await botSaid()).length === 1);
    expect(await botSaid()).toEqual([["IA: Oi, vocês entregam?", true]]);
    expect(await ticket()).toMatchObject({ useIntegration: true, promptId: prompt.id, queueId: queue.id, userId: null });

    await says("E aos domingos?");
    await waitFor(async () => (await botSaid()).length === 2);
    const second = openai.requests.filter((r) => r.path === "/v1/chat/completions").at(-1)!;
    expect(second.body).toMatchObject({ max_tokens: 80, temperature: 0.2 });
    expect(second.body.messages.slice(1)).toEqual([
      { role: "user", content: "Oi, vocês entregam?" },
      { role: "assistant", content: "IA: Oi, vocês entregam?" },
      { role: "user", content: "E aos domingos?" },
    ]);

    const usage = await database.db.select().from(aiUsage).where(eq(aiUsage.companyId, company.id));
    expect(usage).toHaveLength(2);
    expect(usage[0]).toMatchObject({ source: "prompt", provider: "openai", ticketId: (await ticket()).id });
    expect(usage.every((u) => u.promptTokens > 0 && u.completionTokens > 0)).toBe(true);

    await says("quero um humano");
    await waitFor(async () => !(await ticket()).useIntegration);
    expect(await ticket()).toMatchObject({ status: "pending", queueId: queue.id, userId: null });
    const notes = await database.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, (await ticket()).id));
    expect(notes.map((n) => n.note)).toEqual(["A IA transferiu o atendimento para um humano: cliente pediu um atendente"]);
    expect(await botSaid()).toHaveLength(2);
  });
});
