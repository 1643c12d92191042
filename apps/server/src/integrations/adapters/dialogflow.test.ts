import { afterEach, describe, expect, it } from "vitest";
import { createOutboundFetch, OutboundError } from "../../outbound/outbound-fetch.js";
import { startFakeDialogflow, type FakeDialogflow } from "../../test/fakes/dialogflow.js";
import type { ConversationInput } from "../conversation-adapter.js";
import { createDialogflowAdapter, dialogflowAdapter } from "./dialogflow.js";

const fetch = createOutboundFetch({ allowHosts: ["127.0.0.1"], timeoutMs: 2_000 });
let fake: FakeDialogflow | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const TICKET_UUID = "3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a";
function input(text: string | null, state: Record<string, unknown> = {}): ConversationInput {
  return {
    companyId: 7,
    ticketId: 70,
    ticketUuid: TICKET_UUID,
    connectionId: 3,
    queueId: 2,
    contact: { id: 11, name: "Maria", number: "5511988887777", email: null },
    message: text === null ? null : { id: 1, text, mediaType: "text", mediaUrl: null },
    history: [],
    state,
    fetch,
    signal: new AbortController().signal,
  };
}

describe("dialogflow adapter", () => {
  it("greets with the WELCOME event and keeps one Dialogflow session per ticket", async () => {
    fake = await startFakeDialogflow();
    const adapter = createDialogflowAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ projectName: "", language: "pt-BR", jsonContent: JSON.stringify(fake.serviceAccount()) });

    const start = await adapter.converse(config, input(null));
    expect(start.replies).toEqual([{ type: "text", text: "Olá! Em que posso ajudar?" }]);
    expect(start.state).toEqual({ sessionId: TICKET_UUID });
    expect(start.outcome).toEqual({ kind: "continue" });

    const next = await adapter.converse(config, input("Quero o cardápio", start.state));
    expect(next.replies).toEqual([{ type: "text", text: "Você disse: Quero o cardápio" }]);
    expect(fake.sessions.get(`projects/${fake.projectId}/agent/sessions/${TICKET_UUID}`)).toEqual(["event:WELCOME", "Quero o cardápio"]);

    const detect = fake.requests.filter((r) => r.path.endsWith(":detectIntent"));
    expect(detect[1]!.body).toEqual({ queryInput: { text: { text: "Quero o cardápio", languageCode: "pt-BR" } } });
    // One token for both turns: the grant is not repeated per message.
    expect(fake.tokensIssued).toBe(1);
  });

  it("turns rich messages into WhatsApp messages and skips other platforms' ones", async () => {
    fake = await startFakeDialogflow({
      intent: () => ({
        displayName: "Cardápio",
        messages: ["Temos três opções:"],
        richMessages: [
          { quickReplies: { title: "Escolha uma", quickReplies: ["Pizza", "Massa"] } },
          { image: { imageUri: "https://cdn.example.com/menu.png", accessibilityText: "Cardápio" } },
          { platform: "TELEGRAM", text: { text: ["só no Telegram"] } },
        ],
      }),
    });
    const adapter = createDialogflowAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ language: "pt-BR", jsonContent: fake.serviceAccount() });
    const turn = await adapter.converse(config, input("cardápio"));
    expect(turn.replies).toEqual([
      { type: "text", text: "Temos três opções:" },
      { type: "text", text: "Escolha uma\n1 - Pizza\n2 - Massa" },
      { type: "media", mediaType: "image", url: "https://cdn.example.com/menu.png", caption: "Cardápio" },
    ]);
  });

  it("ends the session on an end-of-conversation intent and hands over on a live-agent intent", async () => {
    fake = await startFakeDialogflow({
      intent: ({ text }) =>
        text === "tchau"
          ? { displayName: "Despedida", messages: ["Até logo!"], endConversation: true }
          : text === "fim"
            ? { displayName: "Fim", messages: ["Encerrado."], endInteraction: true }
            : { displayName: "Falar com atendente", messages: ["Vou chamar alguém."], liveAgentHandoff: true },
    });
    const adapter = createDialogflowAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ language: "es", jsonContent: fake.serviceAccount() });
    const bye = await adapter.converse(config, input("tchau"));
    expect(bye.replies).toEqual([{ type: "text", text: "Até logo!" }]);
    expect(bye.outcome).toEqual({ kind: "end", note: 'O Dialogflow encerrou a conversa (intent "Despedida")' });
    expect((await adapter.converse(config, input("fim"))).outcome).toEqual({ kind: "end", note: 'O Dialogflow encerrou a conversa (intent "Fim")' });
    const human = await adapter.converse(config, input("quero um humano"));
    expect(human.replies).toEqual([{ type: "text", text: "Vou chamar alguém." }]);
    expect(human.outcome).toEqual({ kind: "handover", note: 'O Dialogflow pediu um atendente (intent "Falar com atendente")' });
  });

  it("turns an error answer into a thrown error naming it", async () => {
    fake = await startFakeDialogflow();
    const adapter = createDialogflowAdapter({ apiUrl: fake.url });
    const config = adapter.parseConfig({ projectName: "another-project", language: "pt-BR", jsonContent: fake.serviceAccount() });
    const err = await adapter.converse(config, input("Oi")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as Error).message).toBe("Dialogflow: HTTP 403 — IAM permission 'dialogflow.sessions.detectIntent' on 'projects/another-project/agent' denied.");
  });

  it("testSession answers whether the credentials work", async () => {
    fake = await startFakeDialogflow();
    const adapter = createDialogflowAdapter({ apiUrl: fake.url });
    const signal = new AbortController().signal;
    const good = adapter.parseConfig({ language: "pt-BR", jsonContent: JSON.stringify(fake.serviceAccount()) });
    expect(await adapter.testSession!(good, { fetch, signal })).toEqual({ ok: true, details: "Atendo Bot" });
    const badKey = adapter.parseConfig({ language: "pt-BR", jsonContent: JSON.stringify(fake.serviceAccount({ untrusted: true })) });
    expect(await adapter.testSession!(badKey, { fetch, signal })).toEqual({ ok: false, details: "Dialogflow: token HTTP 400 — invalid_grant: Invalid JWT Signature." });
    const otherProject = adapter.parseConfig({ language: "pt-BR", jsonContent: JSON.stringify(fake.serviceAccount({ projectId: "not-mine" })) });
    expect(await adapter.testSession!(otherProject, { fetch, signal })).toMatchObject({ ok: false, details: expect.stringContaining("HTTP 403") });
  });

  it("as registered, takes the base URL from the config and the project from the key file when projectName is a display name", async () => {
    fake = await startFakeDialogflow();
    const config = dialogflowAdapter.parseConfig({ projectName: "Meu bot", language: "", jsonContent: JSON.stringify(fake.serviceAccount()), dialogflowApiUrl: fake.url, name: "Meu bot", type: "dialogflow" });
    expect(config.language).toBe("pt-BR");
    const turn = await dialogflowAdapter.converse(config, input("Oi"));
    expect(turn.replies).toEqual([{ type: "text", text: "Você disse: Oi" }]);
    expect(fake.requests.at(-1)!.path).toBe(`/v2/projects/${fake.projectId}/agent/sessions/${TICKET_UUID}:detectIntent`);
  });

  it("refuses a key file that is not a service account", () => {
    const adapter = createDialogflowAdapter({ apiUrl: "https://dialogflow.googleapis.com" });
    expect(() => adapter.parseConfig({ language: "pt-BR", jsonContent: "{not json" })).toThrow("Informe o JSON da conta de serviço do Google");
    expect(() => adapter.parseConfig({ language: "pt-BR", jsonContent: JSON.stringify({ project_id: "x" }) })).toThrow("Informe o JSON da conta de serviço do Google");
  });
});
