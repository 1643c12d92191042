import { describe, expect, it } from "vitest";
import type { InboundMessage, ProviderEvent } from "../provider.js";
import { mediaFromRef } from "./map-content.js";
import { mapWAMessage, type MapContext } from "./map-message.js";
import * as m from "./fixtures/messages.js";
import { GROUP, JOAO, MARIA, ME } from "./fixtures/received.js";

const ctx: MapContext = { me: ME };

/** The one message event of a fixture. */
function messageOf(events: ProviderEvent[]): InboundMessage & { origin: string } {
  const found = events.filter((e) => e.type === "message");
  expect(found).toHaveLength(1);
  const e = found[0] as Extract<ProviderEvent, { type: "message" }>;
  return { ...e.message, origin: e.origin };
}

const mariaChat = { kind: "user", number: MARIA.number, lid: MARIA.lid } as const;
const mariaFrom = { number: MARIA.number, lid: MARIA.lid, pushName: MARIA.pushName };

describe("mapWAMessage: identities", () => {
  it("keeps both identities of a PN-addressed chat (LID from remoteJidAlt) and links them first", () => {
    const events = mapWAMessage(m.textFromPnWithLidAlt, "live", ctx);
    expect(events[0]).toEqual({ type: "identity", lid: MARIA.lid, number: MARIA.number });
    expect(events[1]).toEqual({
      type: "message",
      origin: "live",
      message: {
        id: "3A5F0D6C2B9E41A7C8D2",
        chat: mariaChat,
        from: mariaFrom,
        fromMe: false,
        timestamp: new Date(1_751_380_000 * 1000),
        content: { type: "text", body: "Oi, tudo bem? Queria saber do meu pedido" },
      },
    });
  });

  it("keeps both identities of a LID-addressed chat (phone from remoteJidAlt)", () => {
    const msg = messageOf(mapWAMessage(m.quotedReplyFromLid, "live", ctx));
    expect(msg.chat).toEqual(mariaChat);
    expect(msg.from).toEqual(mariaFrom);
  });

  it("addresses a LID-only chat by LID, with no identity link", () => {
    const events = mapWAMessage(m.textFromLidOnly, "live", ctx);
    expect(events.map((e) => e.type)).toEqual(["message"]);
    expect(messageOf(events).chat).toEqual({ kind: "user", lid: JOAO.lid });
    expect(messageOf(events).from).toEqual({ lid: JOAO.lid, pushName: JOAO.pushName });
  });

  it("groups: chat is the group id without @g.us, the member (LID + phone) is the author", () => {
    const events = mapWAMessage(m.groupText, "live", ctx);
    expect(events[0]).toEqual({ type: "identity", lid: JOAO.lid, number: JOAO.number });
    const msg = messageOf(events);
    expect(msg.chat).toEqual({ kind: "group", id: GROUP.id });
    expect(msg.from).toEqual({ number: JOAO.number, lid: JOAO.lid, pushName: JOAO.pushName });
    expect(msg.content).toEqual({ type: "text", body: "Pessoal, o entregador chegou" });
  });

  it("groups addressed by phone: participantAlt gives the LID", () => {
    const msg = messageOf(mapWAMessage(m.groupImageFromPn, "live", ctx));
    expect(msg.chat).toEqual({ kind: "group", id: GROUP.id });
    expect(msg.from).toEqual(mariaFrom);
    expect(msg.content).toMatchObject({ type: "image", caption: "Comprovante" });
  });
});

describe("mapWAMessage: origin", () => {
  it("is live for notify, offline for append, history for a history sync", () => {
    expect(messageOf(mapWAMessage(m.textFromPnWithLidAlt, "live", ctx)).origin).toBe("live");
    expect(messageOf(mapWAMessage(m.textFromPnWithLidAlt, "offline", ctx)).origin).toBe("offline");
    expect(messageOf(mapWAMessage(m.textFromPnWithLidAlt, "history", ctx)).origin).toBe("history");
  });

  it("is own for our messages from the phone, without an author, in history too they stay history", () => {
    const msg = messageOf(mapWAMessage(m.ownFromPhone, "live", ctx));
    expect(msg.origin).toBe("own");
    expect(msg.fromMe).toBe(true);
    expect(msg.from).toBeUndefined();
    expect(msg.chat).toEqual(mariaChat);
    // The chat's two identities are still worth linking.
    expect(mapWAMessage(m.ownFromPhone, "live", ctx)[0]).toEqual({ type: "identity", lid: MARIA.lid, number: MARIA.number });
    expect(messageOf(mapWAMessage(m.ownFromPhone, "offline", ctx)).origin).toBe("own");
    expect(messageOf(mapWAMessage(m.ownFromPhone, "history", ctx)).origin).toBe("history");
  });

  it("does not take our own number for the customer's when the key's alternate is ours", () => {
    const events = mapWAMessage(m.ownWithOwnAlt, "live", ctx);
    expect(events.filter((e) => e.type === "identity")).toEqual([]);
    expect(messageOf(events).chat).toEqual({ kind: "user", lid: MARIA.lid });
  });
});

describe("mapWAMessage: content types", () => {
  it("conversation and extendedTextMessage → text; quote and forward kept", () => {
    const reply = messageOf(mapWAMessage(m.quotedReplyFromLid, "live", ctx));
    expect(reply.content).toEqual({ type: "text", body: "Esse aqui, o 4521" });
    expect(reply.quotedId).toBe("3EB0A1B2C3D4E5F60718");
    expect(reply.forwarded).toBeUndefined();
    const fwd = messageOf(mapWAMessage(m.forwardedText, "live", ctx));
    expect(fwd.content).toEqual({ type: "text", body: "Promoção válida até sexta" });
    expect(fwd.forwarded).toBe(true);
    expect(fwd.quotedId).toBeUndefined();
  });

  it("image with caption, size from a Long, and a media ref that downloadMediaMessage can use", () => {
    const msg = messageOf(mapWAMessage(m.image, "live", ctx));
    expect(msg.content).toMatchObject({ type: "image", mimetype: "image/jpeg", caption: "Foto da nota fiscal", size: 184_320 });
    const content = msg.content as Extract<InboundMessage["content"], { media: unknown }>;
    expect(content.media.provider).toBe("beta");
    // The ref survives JSON storage and comes back with real bytes.
    const restored = mediaFromRef(JSON.parse(JSON.stringify(content.media)));
    expect(restored?.key.id).toBe("3A0011223344556677AA");
    expect(Buffer.isBuffer(restored?.message?.imageMessage?.mediaKey)).toBe(true);
    expect(Buffer.from(restored!.message!.imageMessage!.mediaKey!)).toEqual(Buffer.from(m.image.message!.imageMessage!.mediaKey!));
    expect(restored?.message?.imageMessage?.directPath).toBe(m.image.message!.imageMessage!.directPath);
    // Only the media node travels, not the thumbnail-laden rest of the message.
    expect(Object.keys(restored!.message!)).toEqual(["imageMessage"]);
    expect(restored!.message!.imageMessage!.jpegThumbnail).toBeUndefined();
  });

  it("video, voice note, audio file, sticker", () => {
    expect(messageOf(mapWAMessage(m.video, "live", ctx)).content).toMatchObject({ type: "video", mimetype: "video/mp4", size: 2_457_600 });
    expect((messageOf(mapWAMessage(m.video, "live", ctx)).content as { caption?: string }).caption).toBeUndefined();
    expect(messageOf(mapWAMessage(m.voiceNote, "live", ctx)).content).toMatchObject({ type: "audio", mimetype: "audio/ogg; codecs=opus", voice: true });
    const audio = messageOf(mapWAMessage(m.audioFile, "live", ctx)).content;
    expect(audio).toMatchObject({ type: "audio", mimetype: "audio/mpeg" });
    expect((audio as { voice?: boolean }).voice).toBeUndefined();
    expect(messageOf(mapWAMessage(m.sticker, "live", ctx)).content).toMatchObject({ type: "sticker", mimetype: "image/webp" });
  });

  it("document, and a document with caption unwrapped", () => {
    expect(messageOf(mapWAMessage(m.documentPdf, "live", ctx)).content).toMatchObject({
      type: "document",
      mimetype: "application/pdf",
      fileName: "boleto-julho.pdf",
      size: 88_112,
    });
    const wrapped = messageOf(mapWAMessage(m.documentWithCaption, "live", ctx));
    expect(wrapped.content).toMatchObject({ type: "document", fileName: "planilha.xlsx", caption: "Segue a planilha" });
    expect(mediaFromRef((wrapped.content as { media: { provider: string; ref: unknown } }).media)?.message?.documentMessage?.fileName).toBe("planilha.xlsx");
  });

  it("location and live location", () => {
    expect(messageOf(mapWAMessage(m.location, "live", ctx)).content).toEqual({
      type: "location",
      latitude: -23.561414,
      longitude: -46.655881,
      name: "MASP",
      address: "Av. Paulista, 1578 - Bela Vista, São Paulo",
    });
    expect(messageOf(mapWAMessage(m.liveLocation, "live", ctx)).content).toEqual({ type: "location", latitude: -22.906847, longitude: -43.172897, name: "Estou chegando" });
  });

  it("contact card, and several cards as one vCard file", () => {
    const one = messageOf(mapWAMessage(m.contactCard, "live", ctx)).content;
    expect(one).toEqual({ type: "contact", displayName: "Maria Souza", vcard: m.contactCard.message!.contactMessage!.vcard });
    const many = messageOf(mapWAMessage(m.contactsArray, "live", ctx)).content as { type: string; displayName: string; vcard: string };
    expect(many.type).toBe("contact");
    expect(many.displayName).toBe("2 contatos");
    expect(many.vcard.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(many.vcard).toContain("waid=553188887777");
  });

  it("ephemeral and view-once wrappers are unwrapped", () => {
    expect(messageOf(mapWAMessage(m.ephemeralText, "live", ctx)).content).toEqual({ type: "text", body: "Mensagem temporária" });
    expect(messageOf(mapWAMessage(m.viewOnceImage, "live", ctx)).content).toMatchObject({ type: "image", size: 99_000 });
  });

  it("missed calls and call logs", () => {
    expect(messageOf(mapWAMessage(m.missedVoiceCall, "live", ctx))).toMatchObject({
      id: "B8E5C0D3F1A2B4C6D8E0F2A4B6C8D0E2",
      chat: { kind: "user", lid: MARIA.lid },
      content: { type: "call_log", video: false, missed: true },
      timestamp: new Date(1_751_380_200 * 1000),
    });
    expect(messageOf(mapWAMessage(m.missedVideoCall, "live", ctx)).content).toEqual({ type: "call_log", video: true, missed: true });
    expect(messageOf(mapWAMessage(m.callLog, "live", ctx)).content).toEqual({ type: "call_log", video: true, missed: true });
  });

  it("a type the product does not handle is shown as unsupported, not dropped", () => {
    expect(messageOf(mapWAMessage(m.poll, "live", ctx)).content).toEqual({ type: "unsupported", description: "pollCreationMessageV3" });
  });
});

describe("mapWAMessage: reactions, edits, revokes", () => {
  it("reactionMessage → reaction on the target id, empty emoji when taken back", () => {
    expect(mapWAMessage(m.reaction, "live", ctx)).toEqual([
      { type: "identity", lid: MARIA.lid, number: MARIA.number },
      { type: "reaction", chat: mariaChat, messageId: "3EB0A1B2C3D4E5F60718", from: mariaFrom, fromMe: false, emoji: "👍" },
    ]);
    expect(mapWAMessage(m.reactionRemoved, "live", ctx).at(-1)).toMatchObject({ type: "reaction", messageId: "3EB0A1B2C3D4E5F60718", emoji: "" });
  });

  it("our own reaction from the phone in a group", () => {
    expect(mapWAMessage(m.ownReactionInGroup, "live", ctx)).toEqual([
      { type: "reaction", chat: { kind: "group", id: GROUP.id }, messageId: "3A0011223344556677FC", from: ME, fromMe: true, emoji: "❤️" },
    ]);
  });

  it("protocolMessage REVOKE → message-update revoke of the target", () => {
    expect(mapWAMessage(m.revoke, "live", ctx).at(-1)).toEqual({ type: "message-update", chat: mariaChat, messageId: "3A5F0D6C2B9E41A7C8D2", change: { kind: "revoke" } });
  });

  it("editedMessage and bare MESSAGE_EDIT → message-update edit with the new text (or caption)", () => {
    expect(mapWAMessage(m.editWrapped, "live", ctx).at(-1)).toEqual({
      type: "message-update",
      chat: mariaChat,
      messageId: "3A5F0D6C2B9E41A7C8D2",
      change: { kind: "edit", body: "Oi, tudo bem? Queria saber do pedido 4521" },
    });
    expect(mapWAMessage(m.editBare, "live", ctx).at(-1)).toEqual({
      type: "message-update",
      chat: mariaChat,
      messageId: "3A0011223344556677AA",
      change: { kind: "edit", body: "Foto da nota fiscal (corrigida)" },
    });
  });
});

describe("mapWAMessage: what is not a message", () => {
  it("status, newsletters, bare key distribution, group notices: no events", () => {
    expect(mapWAMessage(m.statusBroadcast, "live", ctx)).toEqual([]);
    expect(mapWAMessage(m.newsletterPost, "live", ctx)).toEqual([]);
    expect(mapWAMessage(m.senderKeyOnly, "live", ctx).filter((e) => e.type !== "identity")).toEqual([]);
    expect(mapWAMessage(m.groupJoinStub, "live", ctx).filter((e) => e.type !== "identity")).toEqual([]);
  });

  it("an undecryptable placeholder waits for the resend under the same id instead of being stored", () => {
    expect(mapWAMessage(m.undecryptable, "live", ctx).filter((e) => e.type === "message")).toEqual([]);
  });
});
