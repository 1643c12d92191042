import { jidDecode } from "baileys";
import type { ChatRef, Participant } from "../provider.js";

/**
 * WhatsApp addresses a person by phone (`5511987654321@s.whatsapp.net`) or, since the LID migration, by an opaque
 * id (`123456789012345@lid`); Baileys 7 gives the other one, when it knows it, in `remoteJidAlt`/`participantAlt`.
 * The product keeps both as digits without the server suffix or device (`number`, `lid`).
 */
export interface Identity {
  number?: string;
  lid?: string;
}

/** The identity a jid names; empty for groups, broadcasts, newsletters and anything unreadable. */
export function identityOf(jid: string | null | undefined): Identity {
  const decoded = jid ? jidDecode(jid) : undefined;
  if (!decoded?.user) return {};
  switch (decoded.server) {
    case "s.whatsapp.net":
    case "c.us":
    case "hosted":
      return { number: decoded.user };
    case "lid":
    case "hosted.lid":
      return { lid: decoded.user };
    default:
      return {};
  }
}

/** Both identities of one person from a jid and its alternate; an alternate of the same kind is ignored. */
export function mergeIdentity(jid: string | null | undefined, alt: string | null | undefined): Identity {
  const main = identityOf(jid);
  const other = identityOf(alt);
  return {
    ...(main.number ?? other.number ? { number: main.number ?? other.number } : {}),
    ...(main.lid ?? other.lid ? { lid: main.lid ?? other.lid } : {}),
  };
}

export function isSameIdentity(a: Identity, b: Identity | undefined): boolean {
  if (!b) return false;
  return (!!a.number && a.number === b.number) || (!!a.lid && a.lid === b.lid);
}

export function participantOf(identity: Identity, pushName?: string | null): Participant {
  return { ...identity, ...(pushName ? { pushName } : {}) };
}

export function groupIdOf(jid: string | null | undefined): string | undefined {
  const decoded = jid ? jidDecode(jid) : undefined;
  return decoded?.server === "g.us" && decoded.user ? decoded.user : undefined;
}

/** The chat a jid names (with its alternate for a person); undefined for status, broadcast lists and newsletters. */
export function chatRefOf(jid: string | null | undefined, alt?: string | null): ChatRef | undefined {
  const groupId = groupIdOf(jid);
  if (groupId) return { kind: "group", id: groupId };
  const identity = mergeIdentity(jid, alt);
  if (!identity.number && !identity.lid) return undefined;
  return { kind: "user", ...identity };
}

/** Where to send: a group by its id, a person by phone when known (WhatsApp routes it to the LID itself), else LID. */
export function jidOfChat(chat: ChatRef): string {
  if (chat.kind === "group") return `${digitsOrId(chat.id)}@g.us`;
  return jidOfPerson(chat);
}

export function jidOfPerson(person: Identity): string {
  if (person.number) return `${digits(person.number)}@s.whatsapp.net`;
  if (person.lid) return `${digits(person.lid)}@lid`;
  throw new Error("a person needs a number or a LID");
}

function digits(value: string): string {
  const clean = value.replace(/^\+/, "");
  if (!/^\d{5,20}$/.test(clean)) throw new Error(`not a WhatsApp user id: ${value}`);
  return clean;
}

/** Group ids are digits, or the older `creator-timestamp` form. */
function digitsOrId(value: string): string {
  if (!/^\d+(-\d+)?$/.test(value)) throw new Error(`not a WhatsApp group id: ${value}`);
  return value;
}
