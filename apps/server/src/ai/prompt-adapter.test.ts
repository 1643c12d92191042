import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOutboundFetch, OutboundError } from "../outbound/outbound-fetch.js";
import type { ConversationInput } from "../integrations/conversation-adapter.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test/fakes/openai.js";
import { startFakeAzureSpeech, type FakeAzureSpeech } from "../test/fakes/azure-speech.js";
import { createPromptAdapter, HANDOVER_INSTRUCTION, TRANSFER_TOOL } from "./prompt-adapter.js";

const fetch = createOutboundFetch({ allowHosts: ["127.0.0.1"] });
const INSTRUCTIONS = "Você é a assistente da Padaria Pão Quente. Responda em português, com simpatia e objetividade.";
const KEY = "sk-test-PROMPTKEY-0001";

let openai: FakeOpenAi | undefined;
let speech: FakeAzureSpeech | undefined;
let audioServer: Server;
let audioUrl: string;

beforeAll(async () => {
  audioServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "audio/ogg" });
    res.end(Buffer.from("OggS-voice-note-bytes"));
  });
  await new Promise<void>((resolve) => audioServer.listen(0, "127.0.0.1", resolve));
  const address = audioServer.address();
  audioUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/media/voice.ogg`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => audioServer.close(() => resolve()));
});
afterEach(async () => {
  await openai?.close();
  await speech?.close();
  openai = undefined;
  speech = undefined;
});

function input(over: Partial<ConversationInput> = {}): ConversationInput {
  return {
    companyId: 1,
    ticketId: 10,
    ticketUuid: "00000000-0000-4000-8000-000000000010",
    connectionId: 3,
    queueId: 4,
    contact: { id: 5, name: "Maria", number: "5511999990000", email: null },
    message: { id: 100, text: "Vocês abrem domingo?", mediaType: "text", mediaUrl: null },
    // The runtime's history stops before this turn's message.
    history: [
      { fromMe: false, text: "Oi", createdAt: new Date("2026-01-01T10:00:00Z") },
      { fromMe: true, text: "Olá! Em que posso ajudar?", createdAt: new Date("2026-01-01T10:00:05Z") },
    ],
    state: {},
    fetch,
    signal: new AbortController().signal,
    ...over,
  };
}

const config = (adapter: ReturnType<typeof createPromptAdapter>, over: Record<string, unknown> = {}) =>
  adapter.parseConfig({ prompt: INSTRUCTIONS, apiKey: KEY, maxTokens: 150, temperature: 0.3, maxMessages: 10, voice: "texto", voiceKey: null, voiceRegion: "", ...over });

describe("prompt adapter", () => {
  it("sends the instructions and the history to the model within maxTokens and temperature, and answers with its text", async () => {
    openai = await startFakeOpenAi({ apiKey: KEY, reply: () => "Abrimos aos domingos das 7h às 12h." });
    const adapter = createPromptAdapter({ apiUrl: openai.url, model: "gpt-4o-mini" });
    const cfg = config(adapter);
    expect(adapter.historyLength!(cfg)).toBe(10);

    const turn = await adapter.converse(cfg, input());
    expect(turn.replies).toEqual([{ type: "text", text: "Abrimos aos domingos das 7h às 12h." }]);
    expect(turn.outcome).toEqual({ kind: "continue" });
    expect(turn.usage).toMatchObject({ provider: "openai", model: "gpt-4o-mini" });
    expect(turn.usage!.promptTokens).toBeGreaterThan(0);
    expect(turn.usage!.completionTokens).toBeGreaterThan(0);

    const [request] = openai.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body).toMatchObject({ model: "gpt-4o-mini", max_tokens: 150, temperature: 0.3 });
    expect(request!.body.messages).toEqual([
      { role: "system", content: `${INSTRUCTIONS}\n\n${HANDOVER_INSTRUCTION}` },
      { role: "user", content: "Oi" },
      { role: "assistant", content: "Olá! Em que posso ajudar?" },
      { role: "user", content: "Vocês abrem domingo?" },
    ]);
    expect(request!.body.tools[0].function.name).toBe(TRANSFER_TOOL);
  });

  it("keeps only the last maxMessages messages as context", async () => {
    openai = await startFakeOpenAi();
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    await adapter.converse(config(adapter, { maxMessages: 1 }), input());
    expect(openai.requests[0]!.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "assistant", "user"]);
    expect(openai.requests[0]!.body.model).toBe("gpt-4o-mini");
  });

  it("hands over to a human when the model calls transfer_to_human, with its reason as the note", async () => {
    openai = await startFakeOpenAi({
      reply: (req) =>
        req.path === "/v1/chat/completions"
          ? {
              body: {
                id: "chatcmpl-1",
                object: "chat.completion",
                created: 1,
                model: "gpt-4o-mini",
                choices: [
                  {
                    index: 0,
                    finish_reason: "tool_calls",
                    logprobs: null,
                    message: {
                      role: "assistant",
                      content: null,
                      refusal: null,
                      tool_calls: [{ id: "call_1", type: "function", function: { name: TRANSFER_TOOL, arguments: JSON.stringify({ reason: "cliente pediu um atendente" }) } }],
                    },
                  },
                ],
                usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
              },
            }
          : undefined,
    });
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    const turn = await adapter.converse(config(adapter), input({ message: { id: 101, text: "Quero falar com uma pessoa", mediaType: "text", mediaUrl: null } }));
    expect(turn.replies).toEqual([]);
    expect(turn.outcome).toEqual({ kind: "handover", note: "A IA transferiu o atendimento para um humano: cliente pediu um atendente" });
    expect(turn.usage).toEqual({ provider: "openai", model: "gpt-4o-mini", promptTokens: 40, completionTokens: 12 });
  });

  it("hands over on the #transfer marker too, sending what came before it", async () => {
    openai = await startFakeOpenAi({ reply: () => "Vou chamar alguém da equipe. #transfer reclamação de entrega" });
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    const turn = await adapter.converse(config(adapter), input());
    expect(turn.replies).toEqual([{ type: "text", text: "Vou chamar alguém da equipe." }]);
    expect(turn.outcome).toEqual({ kind: "handover", note: "A IA transferiu o atendimento para um humano: reclamação de entrega" });
  });

  it("transcribes a customer's voice note without a transcript before answering it", async () => {
    openai = await startFakeOpenAi({ reply: (req) => (req.path === "/v1/audio/transcriptions" ? "Qual o preço do pão francês?" : "O quilo custa R$ 15,00.") });
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    const turn = await adapter.converse(
      config(adapter),
      input({ message: { id: 102, text: "", mediaType: "audio", mediaUrl: audioUrl }, history: [{ fromMe: false, text: "", createdAt: new Date() }] }),
    );
    expect(openai.requests.map((r) => r.path)).toEqual(["/v1/audio/transcriptions", "/v1/chat/completions"]);
    expect(openai.requests[0]!.body).toMatchObject({ model: "whisper-1", file: { type: "audio/ogg" } });
    expect(openai.requests[1]!.body.messages.at(-1)).toEqual({ role: "user", content: "Qual o preço do pão francês?" });
    expect(turn.replies).toEqual([{ type: "text", text: "O quilo custa R$ 15,00." }]);
  });

  it("answers a transcribed audio without transcribing it again", async () => {
    openai = await startFakeOpenAi();
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    await adapter.converse(config(adapter), input({ message: { id: 103, text: "já transcrito", mediaType: "audio", mediaUrl: audioUrl }, history: [] }));
    expect(openai.requests.map((r) => r.path)).toEqual(["/v1/chat/completions"]);
  });

  it("with a voice chosen, also sends the answer as an Azure voice note", async () => {
    openai = await startFakeOpenAi({ reply: () => "Abrimos às 7h & fechamos às 19h." });
    speech = await startFakeAzureSpeech({ key: "azure-key-1" });
    const adapter = createPromptAdapter({ apiUrl: openai.url, azureSpeechUrl: speech.urlTemplate });
    const turn = await adapter.converse(config(adapter, { voice: "pt-BR-FranciscaNeural", voiceKey: "azure-key-1", voiceRegion: "brazilsouth" }), input());
    expect(turn.replies[0]).toEqual({ type: "text", text: "Abrimos às 7h & fechamos às 19h." });
    expect(turn.replies[1]).toMatchObject({ type: "media-bytes", mediaType: "audio", mimeType: "audio/ogg; codecs=opus", voice: true });
    const voiceNote = turn.replies[1] as { data: Buffer };
    expect(voiceNote.data.subarray(0, 4).toString()).toBe("OggS");
    const [request] = speech.requests;
    expect(request).toMatchObject({ region: "brazilsouth", voice: "pt-BR-FranciscaNeural", text: "Abrimos às 7h & fechamos às 19h." });
    expect(request!.headers["x-microsoft-outputformat"]).toBe("ogg-24khz-16bit-mono-opus");
    expect(request!.headers["content-type"]).toBe("application/ssml+xml");
  });

  it("keeps the text answer when the speech service refuses the key", async () => {
    openai = await startFakeOpenAi({ reply: () => "Pode deixar!" });
    speech = await startFakeAzureSpeech({ key: "right-key" });
    const adapter = createPromptAdapter({ apiUrl: openai.url, azureSpeechUrl: speech.urlTemplate });
    const turn = await adapter.converse(config(adapter, { voice: "pt-BR-AntonioNeural", voiceKey: "wrong-key", voiceRegion: "eastus" }), input());
    expect(turn.replies).toEqual([{ type: "text", text: "Pode deixar!" }]);
    expect(turn.outcome).toEqual({ kind: "continue" });
  });

  it("fails the turn without the key in the error when OpenAI refuses the key", async () => {
    openai = await startFakeOpenAi({ apiKey: "another-key" });
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    const error = (await adapter.converse(config(adapter), input()).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain("HTTP 401");
    expect(error.message).not.toContain(KEY);
  });

  it("surfaces the guard's refusal as an OutboundError", async () => {
    openai = await startFakeOpenAi();
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    const guarded = createOutboundFetch({ allowHosts: [] });
    const error = await adapter.converse(config(adapter), input({ fetch: guarded })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).code).toBe("blocked");
    expect(openai.requests).toEqual([]);
  });

  it("answers nothing at a start without any customer message", async () => {
    openai = await startFakeOpenAi();
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    const turn = await adapter.converse(config(adapter), input({ message: null, history: [] }));
    expect(turn).toEqual({ replies: [], outcome: { kind: "continue" } });
    expect(openai.requests).toEqual([]);
  });

  it("takes the server's URL and model from the runtime's raw config over its own defaults", async () => {
    openai = await startFakeOpenAi();
    const adapter = createPromptAdapter({ apiUrl: "http://127.0.0.1:9/v1" });
    await adapter.converse(config(adapter, { openaiApiUrl: openai.url, openaiModel: "gpt-4.1-mini" }), input());
    expect(openai.requests[0]!.body.model).toBe("gpt-4.1-mini");
  });

  it("tests the key by listing models", async () => {
    openai = await startFakeOpenAi({ apiKey: KEY });
    const adapter = createPromptAdapter({ apiUrl: openai.url });
    const signal = new AbortController().signal;
    expect(await adapter.testSession!(config(adapter), { fetch, signal })).toEqual({ ok: true });
    expect((await adapter.testSession!(config(adapter, { apiKey: "nope" }), { fetch, signal })).ok).toBe(false);
  });
});
