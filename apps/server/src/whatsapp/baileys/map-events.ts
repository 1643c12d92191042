import { proto, type BaileysEventMap, type Contact, type GroupParticipant, type WAPresence } from "baileys";
import type { Ack, ProviderEvent } from "../provider.js";
import { mapWAMessage, type MapContext } from "./map-message.js";
import { chatRefOf, groupIdOf, identityOf, isSameIdentity, mergeIdentity, participantOf, type Identity } from "./map-jid.js";

/**
 * Baileys events → normalised provider events, as pure functions (the socket only forwards payloads here).
 *
 * Edits, revokes and reactions are taken from `messages.upsert`, where they arrive as protocol and reaction
 * messages; Baileys then repeats them as `messages.update` / `messages.reaction`, which are therefore not mapped
 * a second time (only statuses are read from `messages.update`).
 */
export const MAPPED_BAILEYS_EVENTS = [
  "messages.upsert",
  "messaging-history.set",
  "messages.update",
  "message-receipt.update",
  "presence.update",
  "contacts.upsert",
  "contacts.update",
  "groups.upsert",
  "groups.update",
  "group-participants.update",
  "lid-mapping.update",
] as const satisfies readonly (keyof BaileysEventMap)[];
export type MappedBaileysEvent = (typeof MAPPED_BAILEYS_EVENTS)[number];

export function mapBaileysEvent<E extends MappedBaileysEvent>(name: E, payload: BaileysEventMap[E], ctx: MapContext = {}): ProviderEvent[] {
  const mappers: { [K in MappedBaileysEvent]: (p: BaileysEventMap[K], c: MapContext) => ProviderEvent[] } = {
    "messages.upsert": mapMessagesUpsert,
    "messaging-history.set": mapHistorySet,
    "messages.update": mapMessagesUpdate,
    "message-receipt.update": mapReceiptUpdate,
    "presence.update": mapPresenceUpdate,
    "contacts.upsert": mapContacts,
    "contacts.update": mapContacts,
    "groups.upsert": mapGroups,
    "groups.update": mapGroups,
    "group-participants.update": mapGroupParticipants,
    "lid-mapping.update": mapLidMapping,
  };
  return (mappers[name] as (p: BaileysEventMap[E], c: MapContext) => ProviderEvent[])(payload, ctx);
}

/** notify: as it happens; append: caught up after being offline (ours are "own" either way). */
export function mapMessagesUpsert(upsert: BaileysEventMap["messages.upsert"], ctx: MapContext = {}): ProviderEvent[] {
  const origin = upsert.type === "notify" ? "live" : "offline";
  return upsert.messages.flatMap((m) => mapWAMessage(m, origin, ctx));
}

export function mapHistorySet(history: BaileysEventMap["messaging-history.set"], ctx: MapContext = {}): ProviderEvent[] {
  return [
    ...(history.lidPnMappings ?? []).flatMap((m) => mapLidMapping(m)),
    ...history.contacts.flatMap((c) => mapContacts([c], ctx)),
    // Baileys gives history newest first; ingestion keeps per-chat order, so oldest first.
    ...[...history.messages].reverse().flatMap((m) => mapWAMessage(m, "history", ctx)),
  ];
}

/** WebMessageInfo.Status is already the product's scale (PENDING 1 .. PLAYED 5); ERROR (0) is a failure. */
export function ackOfStatus(status: proto.WebMessageInfo.Status | null | undefined): { ack: Ack; failed?: boolean } | undefined {
  const S = proto.WebMessageInfo.Status;
  switch (status) {
    case S.ERROR:
      return { ack: 0, failed: true };
    case S.PENDING:
      return { ack: 1 };
    case S.SERVER_ACK:
      return { ack: 2 };
    case S.DELIVERY_ACK:
      return { ack: 3 };
    case S.READ:
      return { ack: 4 };
    case S.PLAYED:
      return { ack: 5 };
    default:
      return undefined;
  }
}

export function mapMessagesUpdate(updates: BaileysEventMap["messages.update"]): ProviderEvent[] {
  return updates.flatMap(({ key, update }) => {
    const ack = ackOfStatus(update.status);
    const chat = chatRefOf(key.remoteJid, key.remoteJidAlt);
    if (!ack || !chat || !key.id) return [];
    return [{ type: "ack", chat, messageId: key.id, ...ack }];
  });
}

/** Group receipts come per member; the best of them is the message's ack (acks only move forward downstream). */
export function mapReceiptUpdate(receipts: BaileysEventMap["message-receipt.update"]): ProviderEvent[] {
  return receipts.flatMap(({ key, receipt }) => {
    const chat = chatRefOf(key.remoteJid, key.remoteJidAlt);
    if (!chat || !key.id) return [];
    const ack: Ack | undefined = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : undefined;
    return ack ? [{ type: "ack", chat, messageId: key.id, ack }] : [];
  });
}

const PRESENCES: readonly WAPresence[] = ["composing", "recording", "paused", "available", "unavailable"];

export function mapPresenceUpdate(update: BaileysEventMap["presence.update"]): ProviderEvent[] {
  const chat = chatRefOf(update.id);
  if (!chat) return [];
  return Object.entries(update.presences).flatMap(([jid, data]) => {
    const from = identityOf(jid);
    if (!PRESENCES.includes(data.lastKnownPresence) || (!from.number && !from.lid)) return [];
    return [{ type: "presence", chat, from: participantOf(from), presence: data.lastKnownPresence }];
  });
}

export function mapContacts(contacts: Partial<Contact>[], ctx: MapContext = {}): ProviderEvent[] {
  return contacts.flatMap((c) => {
    const identity = contactIdentity(c);
    if ((!identity.number && !identity.lid) || isSameIdentity(identity, ctx.me)) return [];
    const name = c.name || c.verifiedName || c.notify || undefined;
    const events: ProviderEvent[] = [];
    if (identity.number && identity.lid) events.push({ type: "identity", lid: identity.lid, number: identity.number });
    events.push({
      type: "contact",
      contact: {
        ...participantOf(identity, c.notify),
        ...(name ? { name } : {}),
        // "changed" means "fetch it again", not a URL.
        ...(c.imgUrl && c.imgUrl !== "changed" ? { imgUrl: c.imgUrl } : {}),
      },
    });
    return events;
  });
}

/** A contact's or member's two identities (v7: id is either, `lid` / `phoneNumber` the other when known). */
export function contactIdentity(c: Partial<Contact> | GroupParticipant): Identity {
  const fromId = identityOf(c.id);
  const lid = identityOf(c.lid).lid ?? fromId.lid;
  const number = identityOf(c.phoneNumber).number ?? fromId.number;
  return { ...(number ? { number } : {}), ...(lid ? { lid } : {}) };
}

export function mapGroups(groups: BaileysEventMap["groups.update"]): ProviderEvent[] {
  return groups.flatMap((g) => {
    const id = groupIdOf(g.id);
    if (!id) return [];
    const participants = g.participants?.map((p) => participantOf(contactIdentity(p))).filter((p) => p.number || p.lid);
    return [
      ...identitiesOf(g.participants ?? []),
      { type: "group", group: { id, ...(g.subject ? { subject: g.subject } : {}), ...(participants ? { participants } : {}) } },
    ];
  });
}

/**
 * Someone joined, left, was promoted...: the group changed. The event names the group only (its participant list
 * would be read as the whole membership); a consumer that needs members asks groupInfo.
 */
export function mapGroupParticipants(update: BaileysEventMap["group-participants.update"]): ProviderEvent[] {
  const id = groupIdOf(update.id);
  if (!id) return [];
  const author = mergeIdentity(update.author, update.authorPn);
  const authorLink: ProviderEvent[] = author.number && author.lid ? [{ type: "identity", lid: author.lid, number: author.number }] : [];
  return [...identitiesOf(update.participants), ...authorLink, { type: "group", group: { id } }];
}

function identitiesOf(people: (Partial<Contact> | GroupParticipant)[]): ProviderEvent[] {
  return people.flatMap((p) => {
    const identity = contactIdentity(p);
    return identity.number && identity.lid ? [{ type: "identity" as const, lid: identity.lid, number: identity.number }] : [];
  });
}

export function mapLidMapping(mapping: BaileysEventMap["lid-mapping.update"]): ProviderEvent[] {
  const lid = identityOf(mapping.lid).lid;
  const number = identityOf(mapping.pn).number;
  return lid && number ? [{ type: "identity", lid, number }] : [];
}
