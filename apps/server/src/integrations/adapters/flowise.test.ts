import { afterEach, describe, expect, it } from "vitest";
import { createOutboundFetch, OutboundError } from "../../outbound/outbound-fetch.js";
import { startFakeFlowise, type FakeFlowise } from "../../test/fakes/flowise.js";
import type { ConversationInput } from "../conversation-adapter.js";
import { flowiseAdapter } from "./flowise.js";

const fetch = createOutboundFetch({ allowHosts: ["127.0.0.1"], timeoutMs: 2_000 });
let fake: FakeFlowise | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function input(text: string, state: Record<string, unknown> = {}): ConversationInput {
  return {
    companyId: 7,
    ticketId: 70,
    ticketUuid: "5d1c6a3e-2f7b-4c8e-9d0a-6b5e4f3a2b1c",
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

describe("flowise adapter", () => {
  it("asks the chatflow and keeps one Flowise session per ticket across turns", async () => {
    fake = await startFakeFlowise({ apiKey: "flowise-key" });
    const config = flowiseAdapter.parseConfig({ urlflowise: fake.predictionUrl, apiflowise: "flowise-key" });

    const first = await flowiseAdapter.converse(config, input("Qual o prazo de entrega?"));
    expect(first.replies).toEqual([{ type: "text", text: "Resposta 1: Qual o prazo de entrega?" }]);
    expect(first.outcome).toEqual({ kind: "continue" });
    expect(first.state).toEqual({ sessionId: "atendo-5d1c6a3e-2f7b-4c8e-9d0a-6b5e4f3a2b1c" });

    const second = await flowiseAdapter.converse(config, input("Para Campinas", first.state));
    // The second answer comes from the same memory: the flow saw both questions.
    expect(second.replies).toEqual([{ type: "text", text: "Resposta 2: Para Campinas" }]);
    expect(second.state).toEqual(first.state);
    expect(fake.sessions.get("atendo-5d1c6a3e-2f7b-4c8e-9d0a-6b5e4f3a2b1c")).toEqual(["Qual o prazo de entrega?", "Para Campinas"]);
    expect(fake.requests[1]!.body).toMatchObject({ question: "Para Campinas", streaming: false, overrideConfig: { sessionId: "atendo-5d1c6a3e-2f7b-4c8e-9d0a-6b5e4f3a2b1c" } });
  });

  it("builds the prediction URL from the server's base and the chatflow id", async () => {
    fake = await startFakeFlowise();
    const config = flowiseAdapter.parseConfig({ urlflowise: `${fake.url}/`, flowiseId: fake.chatflowId });
    const turn = await flowiseAdapter.converse(config, input("Oi"));
    expect(turn.replies).toEqual([{ type: "text", text: "Resposta 1: Oi" }]);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("turns an error answer into a thrown error naming it", async () => {
    fake = await startFakeFlowise({ reply: () => ({ status: 500, body: { statusCode: 500, success: false, message: "Error: OpenAI quota exceeded", stack: {} } }) });
    const config = flowiseAdapter.parseConfig({ urlflowise: fake.predictionUrl });
    const err = await flowiseAdapter.converse(config, input("Oi")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as Error).message).toBe("Flowise: HTTP 500 — Error: OpenAI quota exceeded");
  });

  it("testSession proves the chatflow and its key", async () => {
    fake = await startFakeFlowise({ apiKey: "flowise-key" });
    const signal = new AbortController().signal;
    const good = flowiseAdapter.parseConfig({ urlflowise: fake.predictionUrl, apiflowise: "flowise-key" });
    expect(await flowiseAdapter.testSession!(good, { fetch, signal })).toEqual({ ok: true });
    const bad = flowiseAdapter.parseConfig({ urlflowise: fake.predictionUrl, apiflowise: "wrong" });
    expect(await flowiseAdapter.testSession!(bad, { fetch, signal })).toEqual({ ok: false, details: "Flowise: HTTP 401 — Unauthorized" });
  });

  it("refuses a URL that names no chatflow", () => {
    expect(() => flowiseAdapter.parseConfig({ urlflowise: "https://flowise.example.com" })).toThrow("Informe a URL de previsão do Flowise");
  });
});
