import { afterEach, describe, expect, it } from "vitest";
import { createOutboundFetch, OutboundError } from "../../outbound/outbound-fetch.js";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fakes/openai.js";
import type { ConversationInput } from "../conversation-adapter.js";
import { createOpenAiAssistAdapter, openAiAssistAdapter } from "./openaiassist.js";

const fetch = createOutboundFetch({ allowHosts: ["127.0.0.1"], timeoutMs: 2_000 });
let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function input(text: string, state: Record<string, unknown> = {}, f = fetch): ConversationInput {
  return {
    companyId: 7,
    ticketId: 70,
    ticketUuid: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    connectionId: 3,
    queueId: 2,
    contact: { id: 11, name: "Maria", number: "5511988887777", email: null },
    message: { id: 1, text, mediaType: "text", mediaUrl: null },
    history: [],
    state,
    fetch: f,
    signal: new AbortController().signal,
  };
}

const assistants = { asst_loja: { model: "gpt-4.1-mini", instructions: "Você atende a Loja Azul. Seja breve.", temperature: 0.4 } };

describe("openaiassist adapter", () => {
  it("answers with the assistant's settings through the Responses API and keeps the chain per ticket", async () => {
    fake = await startFakeOpenAi({ apiKey: "sk-loja", assistants, reply: (req) => (req.path === "/v1/responses" ? `Resposta a: ${req.body.input[0].content[0].text}` : undefined) });
    const adapter = createOpenAiAssistAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ openaiid: "asst_loja", openaikey: "sk-loja" });

    const first = await adapter.converse(config, input("Vocês abrem sábado?"));
    expect(first.replies).toEqual([{ type: "text", text: "Resposta a: Vocês abrem sábado?" }]);
    expect(first.outcome).toEqual({ kind: "continue" });
    expect(first.usage).toMatchObject({ provider: "openai", model: "gpt-4.1-mini", promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
    expect(first.state).toMatchObject({ previousResponseId: expect.stringMatching(/^resp_/), assistant: { model: "gpt-4.1-mini", instructions: "Você atende a Loja Azul. Seja breve." } });

    const second = await adapter.converse(config, input("E domingo?", first.state));
    expect(second.replies).toEqual([{ type: "text", text: "Resposta a: E domingo?" }]);

    // The assistant is read once; both turns carry its instructions, the second one chains on the first.
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/assistants/asst_loja", "POST /v1/responses", "POST /v1/responses"]);
    const [, ask1, ask2] = fake.requests;
    expect(ask1!.body).toMatchObject({ model: "gpt-4.1-mini", instructions: "Você atende a Loja Azul. Seja breve.", temperature: 0.4, previous_response_id: null });
    expect(ask2!.body).toMatchObject({ model: "gpt-4.1-mini", instructions: "Você atende a Loja Azul. Seja breve.", previous_response_id: first.state!.previousResponseId });
    expect(ask2!.headers.authorization).toBe("Bearer sk-loja");
  });

  it("passes a dashboard prompt id as the Responses prompt", async () => {
    fake = await startFakeOpenAi();
    const adapter = createOpenAiAssistAdapter({ apiUrl: fake.url });
    const turn = await adapter.converse(adapter.parseConfig({ openaiid: "pmpt_abc123", openaikey: "sk-any" }), input("Oi"));
    expect(turn.replies).toEqual([{ type: "text", text: "Olá! Como posso ajudar?" }]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({ prompt: { id: "pmpt_abc123" } });
  });

  it("as registered, takes the base URL from the config", async () => {
    fake = await startFakeOpenAi();
    const config = openAiAssistAdapter.parseConfig({ type: "openaiassist", name: "Loja", openaiid: "asst_test", openaikey: "sk-any", openaiApiUrl: fake.url, urldify: "" });
    const turn = await openAiAssistAdapter.converse(config, input("Oi"));
    expect(turn.replies).toEqual([{ type: "text", text: "Olá! Como posso ajudar?" }]);
  });

  it("starts a new chain when OpenAI no longer has the previous response", async () => {
    fake = await startFakeOpenAi();
    const adapter = createOpenAiAssistAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ openaiid: "asst_test", openaikey: "sk-any" });
    const turn = await adapter.converse(config, input("Oi", { previousResponseId: "resp_expired", assistant: { model: "gpt-4o-mini", instructions: "x", temperature: null } }));
    expect(turn.replies).toHaveLength(1);
    expect(turn.state?.previousResponseId).not.toBe("resp_expired");
  });

  it("hands the ticket to a human when the assistant asks for a function", async () => {
    fake = await startFakeOpenAi({
      reply: (req) =>
        req.path === "/v1/responses"
          ? {
              body: {
                id: "resp_fn1",
                object: "response",
                created_at: 1,
                status: "completed",
                model: "gpt-4o-mini",
                output: [{ type: "function_call", id: "fc_1", call_id: "call_1", name: "falar_com_atendente", arguments: "{}", status: "completed" }],
                usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 },
              },
            }
          : undefined,
    });
    const adapter = createOpenAiAssistAdapter({ apiUrl: fake.url });
    const turn = await adapter.converse(adapter.parseConfig({ openaiid: "asst_test", openaikey: "sk-any" }), input("Quero falar com alguém"));
    expect(turn.replies).toEqual([]);
    expect(turn.outcome).toEqual({ kind: "handover", note: 'O assistente pediu a função "falar_com_atendente", que só um atendente pode executar' });
  });

  it("turns an error answer into a thrown error naming it, never the key", async () => {
    fake = await startFakeOpenAi({ reply: (req) => (req.path === "/v1/responses" ? { status: 429, body: { error: { message: "You exceeded your current quota.", type: "insufficient_quota", param: null, code: "insufficient_quota" } } } : undefined) });
    const adapter = createOpenAiAssistAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ openaiid: "asst_test", openaikey: "sk-secret-key-123" });
    const err = await adapter.converse(config, input("Oi")).catch((e: unknown) => e as Error);
    // An OutboundError, so the runtime's handover note names the failure.
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as Error).message).toBe("OpenAI: HTTP 429 — You exceeded your current quota.");
    expect((err as Error).message).not.toContain("sk-secret");
  });

  it("lets the guard's timeout through as an OutboundError", async () => {
    fake = await startFakeOpenAi({ hang: true });
    const adapter = createOpenAiAssistAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ openaiid: "pmpt_x", openaikey: "sk-any" });
    const err = await adapter.converse(config, input("Oi", {}, createOutboundFetch({ allowHosts: ["127.0.0.1"], timeoutMs: 200 }))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).code).toBe("timeout");
  });

  it("testSession proves the key and the assistant id", async () => {
    fake = await startFakeOpenAi({ apiKey: "sk-good", assistants });
    const adapter = createOpenAiAssistAdapter({ apiUrl: fake.url });
    const signal = new AbortController().signal;
    expect(await adapter.testSession!(adapter.parseConfig({ openaiid: "asst_loja", openaikey: "sk-good" }), { fetch, signal })).toEqual({ ok: true });
    expect(await adapter.testSession!(adapter.parseConfig({ openaiid: "pmpt_x", openaikey: "sk-good" }), { fetch, signal })).toEqual({ ok: true });
    const badKey = await adapter.testSession!(adapter.parseConfig({ openaiid: "asst_loja", openaikey: "sk-bad" }), { fetch, signal });
    expect(badKey.ok).toBe(false);
    expect(badKey.details).toMatch(/^OpenAI: HTTP 401 — Incorrect API key provided/);
    expect(badKey.details).not.toContain("sk-bad");
    const unknown = await adapter.testSession!(adapter.parseConfig({ openaiid: "asst_other", openaikey: "sk-good" }), { fetch, signal });
    expect(unknown).toEqual({ ok: false, details: "OpenAI: HTTP 404 — No assistant found with id 'asst_other'." });
  });

  it("refuses a configuration without id or key", () => {
    const adapter = createOpenAiAssistAdapter({ apiUrl: "https://api.openai.com/v1" });
    expect(() => adapter.parseConfig({ openaiid: "", openaikey: "k" })).toThrow("Informe o ID do assistente");
    expect(() => adapter.parseConfig({ openaiid: "asst_1", openaikey: "" })).toThrow("Informe a chave da API da OpenAI");
  });
});
