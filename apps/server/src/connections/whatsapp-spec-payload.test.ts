import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueueView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { connectionRow, connectionsCompany } from "./test-support.js";

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

/**
 * The connection fields of core-service section 3, sent as the spec's client sends them (section 7: "connection
 * fields plus queueIds, transferQueueId, promptId"), the API token included: every field is kept, none refused.
 */
describe("POST and PUT /whatsapp with the spec's connection fields", () => {
  it("keeps every field the spec's client sends and ignores the typed token", async () => {
    const { asAdmin } = await connectionsCompany(app, database.db);
    const queue = (await app.inject({ method: "POST", url: "/queue", headers: asAdmin, payload: { name: "Vendas", color: "#e57373" } })).json<QueueView>();
    const other = (await app.inject({ method: "POST", url: "/queue", headers: asAdmin, payload: { name: "Suporte", color: "#e53935" } })).json<QueueView>();
    const spec = {
      name: "Atendimento",
      greetingMessage: "Olá! Escolha uma fila",
      complationMessage: "Obrigado pelo contato",
      outOfHoursMessage: "Estamos fechados",
      ratingMessage: "Avalie de 1 a 5",
      isDefault: true,
      token: "meu-token-digitado",
      provider: "simulator",
      expiresTicket: 0,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      timeToTransfer: 10,
      expiresInactiveMessage: "Encerrado por inatividade",
      queueIds: [queue.id, other.id],
      transferQueueId: other.id,
      promptId: null,
      activeTranscribe: 1,
      transcribe: "true",
      transcribeme: 0,
      transcribeprovider: "openai",
      sendme: "false",
      timeforagroup: 5,
      timeresume: "18:00:00",
    };
    const created = await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: spec });
    expect(created.statusCode).toBe(201);
    const view = created.json<WhatsAppView>();
    const { token: _token, queueIds: _queueIds, ...kept } = spec;
    expect(view).toMatchObject({ ...kept, activeTranscribe: true, transcribe: true, transcribeme: false, sendme: false, hasToken: false });
    expect(view.queues.map((q) => q.id).sort()).toEqual([queue.id, other.id].sort());
    expect(view).not.toHaveProperty("token");
    // The typed token is not stored: API tokens are generated, so none can collide with another company's.
    expect((await connectionRow(database.db, view.id))!.token).toBeNull();

    const edited = await app.inject({
      method: "PUT",
      url: `/whatsapp/${view.id}`,
      headers: asAdmin,
      payload: { ...spec, name: "Atendimento 2", ratingMessage: "Nota?", timeToTransfer: null, queueIds: [queue.id], greetingMessage: "" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Atendimento 2", ratingMessage: "Nota?", timeToTransfer: null, complationMessage: "Obrigado pelo contato" });
    expect((await connectionRow(database.db, view.id))!.token).toBeNull();
  });
});
