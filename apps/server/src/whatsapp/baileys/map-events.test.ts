import { proto } from "baileys";
import { describe, expect, it } from "vitest";
import type { ProviderEvent } from "../provider.js";
import { ackOfStatus, mapBaileysEvent, mapHistorySet, mapMessagesUpsert } from "./map-events.js";
import * as ev from "./fixtures/events.js";
import { GROUP, JOAO, MARIA, ME } from "./fixtures/received.js";

const ctx = { me: ME };
const types = (events: ProviderEvent[]) => events.map((e) => (e.type === "message" ? `message:${e.origin}` : e.type));

describe("ackOfStatus", () => {
  it("follows the WebMessageInfo.Status enum: ERROR is a failure, PENDING..PLAYED are 1..5", () => {
    const S = proto.WebMessageInfo.Status;
    expect([S.ERROR, S.PENDING, S.SERVER_ACK, S.DELIVERY_ACK, S.READ, S.PLAYED]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ackOfStatus(S.ERROR)).toEqual({ ack: 0, failed: true });
    expect([S.PENDING, S.SERVER_ACK, S.DELIVERY_ACK, S.READ, S.PLAYED].map((s) => ackOfStatus(s))).toEqual([{ ack: 1 }, { ack: 2 }, { ack: 3 }, { ack: 4 }, { ack: 5 }]);
    expect(ackOfStatus(undefined)).toBeUndefined();
  });
});

describe("mapBaileysEvent", () => {
  it("messages.upsert notify → live (and own for ours), append → offline", () => {
    expect(types(mapMessagesUpsert(ev.liveUpsert, ctx))).toEqual(["identity", "message:live", "identity", "message:live"]);
    expect(types(mapBaileysEvent("messages.upsert", ev.offlineUpsert, ctx))).toEqual(["identity", "message:offline", "identity", "message:own"]);
  });

  it("messaging-history.set → identities, contacts, then messages oldest first as history", () => {
    const events = mapHistorySet(ev.historyChunk, ctx);
    expect(types(events)).toEqual(["identity", "identity", "contact", "identity", "message:history", "identity", "message:history", "identity", "message:history"]);
    expect(events[0]).toEqual({ type: "identity", lid: JOAO.lid, number: JOAO.number });
    const ids = events.flatMap((e) => (e.type === "message" ? [e.message.id] : []));
    expect(ids).toEqual(["3A5F0D6C2B9E41A7C8D2", "3EB0FF00EE11DD22CC33", "AC1F3E5B7D9F2A4C6E8B0D2F4A6C8E0B"]);
  });

  it("messages.update statuses → acks on the product scale, ERROR as failed", () => {
    expect(mapBaileysEvent("messages.update", ev.statusUpdates)).toEqual([
      { type: "ack", chat: { kind: "user", lid: MARIA.lid }, messageId: "3EB0A1B2C3D4E5F60718", ack: 3 },
      { type: "ack", chat: { kind: "user", lid: MARIA.lid }, messageId: "3EB0A1B2C3D4E5F60718", ack: 4 },
      { type: "ack", chat: { kind: "user", number: MARIA.number }, messageId: "3EB0A1B2C3D4E5F60719", ack: 5 },
      { type: "ack", chat: { kind: "user", number: MARIA.number }, messageId: "3EB0A1B2C3D4E5F6071A", ack: 2 },
      { type: "ack", chat: { kind: "user", number: MARIA.number }, messageId: "3EB0A1B2C3D4E5F6071B", ack: 1 },
      { type: "ack", chat: { kind: "user", number: MARIA.number }, messageId: "3EB0A1B2C3D4E5F6071C", ack: 0, failed: true },
    ]);
  });

  it("messages.update without a status (the repeated edit/revoke, a media re-upload) → nothing", () => {
    expect(mapBaileysEvent("messages.update", ev.nonStatusUpdates)).toEqual([]);
  });

  it("message-receipt.update in groups → delivered, read, played", () => {
    const group = { kind: "group", id: GROUP.id };
    expect(mapBaileysEvent("message-receipt.update", ev.groupReceipts)).toEqual([
      { type: "ack", chat: group, messageId: "3EB0C0FFEE0000000001", ack: 3 },
      { type: "ack", chat: group, messageId: "3EB0C0FFEE0000000001", ack: 4 },
      { type: "ack", chat: group, messageId: "3EB0C0FFEE0000000002", ack: 5 },
    ]);
  });

  it("presence.update → one presence per participant", () => {
    expect(mapBaileysEvent("presence.update", ev.typingInDirectChat)).toEqual([
      { type: "presence", chat: { kind: "user", lid: MARIA.lid }, from: { lid: MARIA.lid }, presence: "composing" },
    ]);
    expect(mapBaileysEvent("presence.update", ev.recordingInGroup)).toEqual([
      { type: "presence", chat: { kind: "group", id: GROUP.id }, from: { lid: JOAO.lid }, presence: "recording" },
      { type: "presence", chat: { kind: "group", id: GROUP.id }, from: { number: MARIA.number }, presence: "paused" },
    ]);
    expect(ev.onlineThenOffline.flatMap((p) => mapBaileysEvent("presence.update", p)).map((e) => (e as { presence: string }).presence)).toEqual(["available", "unavailable"]);
  });

  it("contacts.upsert → identity links and contacts (not ourselves, not groups)", () => {
    expect(mapBaileysEvent("contacts.upsert", ev.contactsUpsert, ctx)).toEqual([
      { type: "identity", lid: MARIA.lid, number: MARIA.number },
      { type: "contact", contact: { number: MARIA.number, lid: MARIA.lid, pushName: MARIA.pushName, name: "Maria (cliente)" } },
      { type: "identity", lid: JOAO.lid, number: JOAO.number },
      {
        type: "contact",
        contact: { number: JOAO.number, lid: JOAO.lid, pushName: JOAO.pushName, name: JOAO.pushName, imgUrl: "https://pps.whatsapp.net/v/t61.24694-24/12345_n.jpg" },
      },
      { type: "contact", contact: { lid: "11122233344455", name: "Padaria Pão Quente" } },
    ]);
  });

  it("contacts.update → contacts; a changed picture is not a URL", () => {
    expect(mapBaileysEvent("contacts.update", ev.contactsUpdate, ctx)).toEqual([
      { type: "contact", contact: { lid: MARIA.lid, pushName: "Maria S.", name: "Maria S." } },
      { type: "contact", contact: { number: JOAO.number } },
    ]);
  });

  it("groups.upsert → members' identities and the group with its members", () => {
    const events = mapBaileysEvent("groups.upsert", ev.groupsUpsert, ctx);
    expect(types(events)).toEqual(["identity", "identity", "identity", "group"]);
    expect(events.at(-1)).toEqual({
      type: "group",
      group: {
        id: GROUP.id,
        subject: "Entregas",
        participants: [
          { number: ME.number, lid: ME.lid },
          { number: JOAO.number, lid: JOAO.lid },
          { number: MARIA.number, lid: MARIA.lid },
        ],
      },
    });
  });

  it("groups.update → the group with what changed", () => {
    expect(mapBaileysEvent("groups.update", ev.groupsUpdate)).toEqual([
      { type: "group", group: { id: GROUP.id, subject: "Entregas — julho" } },
      { type: "group", group: { id: GROUP.id } },
    ]);
  });

  it("group-participants.update → identities of those involved and a group change (no partial member list)", () => {
    expect(mapBaileysEvent("group-participants.update", ev.participantsAdded)).toEqual([
      { type: "identity", lid: MARIA.lid, number: MARIA.number },
      { type: "identity", lid: JOAO.lid, number: JOAO.number },
      { type: "group", group: { id: GROUP.id } },
    ]);
  });

  it("lid-mapping.update → identity", () => {
    expect(mapBaileysEvent("lid-mapping.update", ev.lidMappingUpdate)).toEqual([{ type: "identity", lid: MARIA.lid, number: MARIA.number }]);
    expect(mapBaileysEvent("lid-mapping.update", { lid: "x@lid", pn: "broken" })).toEqual([]);
  });
});
