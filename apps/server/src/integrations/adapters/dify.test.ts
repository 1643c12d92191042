import { afterEach, describe, expect, it } from "vitest";
import { createOutboundFetch, OutboundError } from "../../outbound/outbound-fetch.js";
import { startFakeDify, type FakeDify } from "../../test/fakes/dify.js";
import type { ConversationInput } from "../conversation-adapter.js";
import { difyAdapter } from "./dify.js";

const fetch = createOutboundFetch({ allowHosts: ["127.0.0.1"], timeoutMs: 2_000 });
let fake: FakeDify | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function input(text: string, state: Record<string, unknown> = {}): ConversationInput {
  return {
    companyId: 7,
    ticketId: 70,
    ticketUuid: "0b6f3c1e-8d0a-4b36-9a51-1f0d7f3f9a10",
    connectionId: 3,
    queueId: 2,
    contact: { id: 11, name: "Maria", number: "5511988887777", email: null },
    message: { id: 1, text, mediaType: "text", mediaUrl: null },
    history: [],
    state,
    fetch,
    signal: new AbortController().signal,
  };
}

describe("dify adapter", () => {
  it("answers through the chat-messages API and keeps Dify's conversation across turns", async () => {
    fake = await startFakeDify();
    const config = difyAdapter.parseConfig({ urldify: fake.url, apidify: fake.apiKey });

    const first = await difyAdapter.converse(config, input("Quero saber do meu pedido"));
    expect(first.replies).toEqual([{ type: "text", text: "Você disse: Quero saber do meu pedido" }]);
    expect(first.outcome).toEqual({ kind: "continue" });
    const conversationId = first.state?.conversationId;
    expect(conversationId).toEqual(expect.any(String));

    const second = await difyAdapter.converse(config, input("É o 123", first.state));
    expect(second.replies).toEqual([{ type: "text", text: "Você disse: É o 123" }]);
    expect(second.state).toEqual({ conversationId });
    expect(fake.conversations.get(conversationId as string)?.queries).toEqual(["Quero saber do meu pedido", "É o 123"]);

    const sent = fake.requests.filter((r) => r.path === "/v1/chat-messages").map((r) => r.body);
    expect(sent[0]).toMatchObject({ query: "Quero saber do meu pedido", response_mode: "blocking", conversation_id: "", user: "atendo-7-contact-11" });
    expect(sent[1]).toMatchObject({ conversation_id: conversationId, user: "atendo-7-contact-11" });
  });

  it("accepts the base URL without /v1 and starts a new conversation when Dify lost the old one", async () => {
    fake = await startFakeDify();
    const config = difyAdapter.parseConfig({ urldify: fake.url.replace(/\/v1$/, "/"), apidify: fake.apiKey });
    const turn = await difyAdapter.converse(config, input("Oi", { conversationId: "gone" }));
    expect(turn.replies).toEqual([{ type: "text", text: "Você disse: Oi" }]);
    expect(turn.state?.conversationId).not.toBe("gone");
    expect(fake.conversations.has(turn.state?.conversationId as string)).toBe(true);
  });

  it("turns an error answer into a thrown error naming it", async () => {
    fake = await startFakeDify({ reply: () => ({ status: 400, body: { code: "provider_quota_exceeded", message: "Your quota for Dify Hosted Model Provider has been exhausted.", status: 400 } }) });
    const config = difyAdapter.parseConfig({ urldify: fake.url, apidify: fake.apiKey });
    const err = await difyAdapter.converse(config, input("Oi")).catch((e: unknown) => e);
    // An OutboundError, so the runtime's handover note names the failure.
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as Error).message).toBe("Dify: HTTP 400 — Your quota for Dify Hosted Model Provider has been exhausted.");
  });

  it("lets the guard's timeout through as an OutboundError", async () => {
    fake = await startFakeDify({ hang: true });
    const config = difyAdapter.parseConfig({ urldify: fake.url, apidify: fake.apiKey });
    const hangingFetch = createOutboundFetch({ allowHosts: ["127.0.0.1"], timeoutMs: 200 });
    await expect(difyAdapter.converse(config, { ...input("Oi"), fetch: hangingFetch })).rejects.toBeInstanceOf(OutboundError);
  });

  it("testSession proves the app key", async () => {
    fake = await startFakeDify();
    const signal = new AbortController().signal;
    expect(await difyAdapter.testSession!(difyAdapter.parseConfig({ urldify: fake.url, apidify: fake.apiKey }), { fetch, signal })).toEqual({ ok: true });
    expect(await difyAdapter.testSession!(difyAdapter.parseConfig({ urldify: fake.url, apidify: "app-wrong" }), { fetch, signal })).toEqual({
      ok: false,
      details: "Dify: HTTP 401 — Access token is invalid",
    });
  });

  it("refuses a configuration without URL or key", () => {
    expect(() => difyAdapter.parseConfig({ urldify: "", apidify: "k" })).toThrow();
    expect(() => difyAdapter.parseConfig({ urldify: "https://api.dify.ai/v1", apidify: " " })).toThrow("Informe a chave da API do Dify");
  });
});
