import { describe, expect, it } from "vitest";
import { makeMessage } from "../../test/ticket-fixtures.js";
import { mapUrl, messageKind, parseVcard, splitReactions } from "./message-content.js";

const reaction = (id: number, targetId: number, emoji: string, extra: Parameters<typeof makeMessage>[0] = {}) =>
  makeMessage({ id, mediaType: "reactionMessage", body: emoji, data: { targetId }, ...extra });

describe("message content", () => {
  it("maps every media type of the spec to how it is drawn", () => {
    const kinds = ["chat", "image", "sticker", "audio", "video", "application", "locationMessage", "contactMessage", "vcard", "call_log", "reactionMessage"].map(
      (mediaType) => messageKind({ mediaType }),
    );
    expect(kinds).toEqual(["text", "image", "sticker", "audio", "video", "document", "location", "contact", "contact", "call", "reaction"]);
  });

  it("reads a vCard's name and numbers, preferring WhatsApp's id", () => {
    const vcard = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Silva;Maria;;;\r\nFN:Maria Silva\r\nTEL;type=CELL;type=VOICE;waid=5511988887777:+55 11 98888-7777\r\nitem1.TEL:+55 11 3333-4444\r\nEND:VCARD";
    expect(parseVcard(vcard)).toEqual({ name: "Maria Silva", numbers: ["+5511988887777", "+55 11 3333-4444"] });
    expect(parseVcard("BEGIN:VCARD\nN:Souza;Jo\n ão;;;\nEND:VCARD").name).toBe("João Souza");
    expect(parseVcard("", "Sem cartão")).toEqual({ name: "Sem cartão", numbers: [] });
  });

  it("links a location to the map site, coordinates only", () => {
    expect(mapUrl({ latitude: -23.55, longitude: -46.63 })).toBe("https://www.openstreetmap.org/?mlat=-23.55&mlon=-46.63#map=16/-23.55/-46.63");
  });

  it("keeps reactions out of the rows: each person's latest one on its target, removed ones gone", () => {
    const target = makeMessage({ id: 1 });
    const other = makeMessage({ id: 2 });
    const { rows, reactions } = splitReactions([
      target,
      other,
      reaction(10, 1, "👍", { fromMe: true, user: { id: 7, name: "Ana" }, updatedAt: "2026-03-01T10:01:00.000Z" }),
      reaction(11, 1, "❤️", { contact: { id: 5, name: "Maria" }, updatedAt: "2026-03-01T10:02:00.000Z" }),
      reaction(12, 2, "😂", { contact: { id: 5, name: "Maria" }, isDeleted: true }),
      reaction(13, 2, "", { fromMe: true }),
    ]);
    expect(rows.map((m) => m.id)).toEqual([1, 2]);
    expect(reactions.get(1)).toEqual([
      { emoji: "👍", fromMe: true, name: "Ana" },
      { emoji: "❤️", fromMe: false, name: "Maria" },
    ]);
    expect(reactions.has(2)).toBe(false);
  });
});
