import { describe, expect, it } from "vitest";
import { makeConnection } from "../../test/connection-fixtures.js";
import { cardChanges, cardDraftOf } from "./card-draft.js";

const q = (id: number) => ({ id, name: `Q${id}`, color: "#000000" });

describe("connection card save (core-service section 5)", () => {
  it("sends nothing when nothing changed", () => {
    const connection = makeConnection({ queues: [q(1)], hasTranscribeKey: true, transcribeprovider: "openai" });
    expect(cardChanges(connection, cardDraftOf(connection))).toEqual({ ok: true, changes: {} });
  });

  it("sends only the changed fields", () => {
    const connection = makeConnection({ queues: [q(1), q(2)], greetingMessage: "Oi" });
    const draft = { ...cardDraftOf(connection), queueIds: [2, 1], sendme: true, transcribeprovider: "deepgram" as const };
    expect(cardChanges(connection, draft)).toEqual({ ok: true, changes: { sendme: true, transcribeprovider: "deepgram" } });
  });

  it("requires a greeting with more than one queue", () => {
    const connection = makeConnection({ queues: [q(1)] });
    const draft = { ...cardDraftOf(connection), queueIds: [1, 2], greetingMessage: " " };
    expect(cardChanges(connection, draft)).toEqual({ ok: false, field: "greetingMessage", message: "connections.greetingRequired" });
  });

  it("clears the greeting with one queue or none", () => {
    const connection = makeConnection({ queues: [q(1), q(2)], greetingMessage: "Escolha" });
    const draft = { ...cardDraftOf(connection), queueIds: [] };
    expect(cardChanges(connection, draft)).toEqual({ ok: true, changes: { queueIds: [], greetingMessage: "" } });
  });

  it("writes the key only when one is typed, and clears it on request", () => {
    const connection = makeConnection({ hasTranscribeKey: true });
    expect(cardChanges(connection, { ...cardDraftOf(connection), transcribekey: " sk-1 " })).toEqual({ ok: true, changes: { transcribekey: "sk-1" } });
    expect(cardChanges(connection, { ...cardDraftOf(connection), clearTranscribekey: true })).toEqual({ ok: true, changes: { transcribekey: null } });
  });

  it("refuses a grouping time that is not a number of seconds", () => {
    const connection = makeConnection();
    expect(cardChanges(connection, { ...cardDraftOf(connection), timeforagroup: "" })).toMatchObject({ ok: false, field: "timeforagroup" });
    expect(cardChanges(connection, { ...cardDraftOf(connection), timeforagroup: "9999" })).toMatchObject({ ok: false, field: "timeforagroup" });
  });
});
