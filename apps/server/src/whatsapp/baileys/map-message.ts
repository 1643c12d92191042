import { toNumber, type WAMessage } from "baileys";
import type { ChatRef, Participant, ProviderEvent } from "../provider.js";
import { classifyMessage } from "./map-content.js";
import { groupIdOf, identityOf, isSameIdentity, mergeIdentity, participantOf, type Identity } from "./map-jid.js";

export interface MapContext {
  /** The connected account, when known: Baileys sometimes puts our own alternate id on keys of our messages. */
  me?: Identity;
  /** For messages without a timestamp. */
  now?: () => Date;
}

export type ReceivedOrigin = "live" | "offline" | "history";

/**
 * One WAMessage as the product's events: the identity link it reveals (first, so the contact is linked before the
 * message is stored), then the message, reaction, edit or revoke. Own messages (ours from the phone or another
 * device) are "own", except in a history sync, which is history whoever wrote it.
 */
export function mapWAMessage(msg: WAMessage, origin: ReceivedOrigin, ctx: MapContext = {}): ProviderEvent[] {
  const key = msg.key;
  if (!key?.id || !key.remoteJid) return [];
  const fromMe = !!key.fromMe;
  const people = peopleOf(msg, ctx);
  if (!people) return [];
  const { chat, author } = people;

  const events: ProviderEvent[] = [];
  if (author?.number && author.lid && !isSameIdentity(author, ctx.me)) events.push({ type: "identity", lid: author.lid, number: author.number });

  const what = classifyMessage(msg);
  const from: Participant | undefined = fromMe || !author ? undefined : participantOf(author, msg.pushName);
  switch (what.kind) {
    case "ignore":
      break;
    case "message":
      events.push({
        type: "message",
        origin: fromMe && origin !== "history" ? "own" : origin,
        message: {
          id: key.id,
          chat,
          ...(from ? { from } : {}),
          fromMe,
          timestamp: timestampOf(msg, ctx),
          content: what.content,
          ...(what.quotedId ? { quotedId: what.quotedId } : {}),
          ...(what.forwarded ? { forwarded: true } : {}),
        },
      });
      break;
    case "reaction":
      events.push({ type: "reaction", chat, messageId: what.targetId, from: from ?? participantOf(ctx.me ?? {}), fromMe, emoji: what.emoji });
      break;
    case "revoke":
      events.push({ type: "message-update", chat, messageId: what.targetId, change: { kind: "revoke" } });
      break;
    case "edit":
      events.push({ type: "message-update", chat, messageId: what.targetId, change: { kind: "edit", body: what.body } });
      break;
  }
  return events;
}

/** The chat and the person who wrote: in a group the participant, else the other side (unless it is us). */
function peopleOf(msg: WAMessage, ctx: MapContext): { chat: ChatRef; author?: Identity } | undefined {
  const key = msg.key;
  const groupId = groupIdOf(key.remoteJid);
  if (groupId) {
    const author = mergeIdentity(key.participant ?? msg.participant, key.participantAlt);
    return { chat: { kind: "group", id: groupId }, ...(author.number || author.lid ? { author } : {}) };
  }
  const main = identityOf(key.remoteJid);
  if (!main.number && !main.lid) return undefined; // status@broadcast, broadcast lists, newsletters
  const alt = identityOf(key.remoteJidAlt);
  // On our own messages the alternate can be ours rather than the chat's.
  const trustedAlt = key.fromMe && isSameIdentity(alt, ctx.me) ? {} : alt;
  const person: Identity = { ...main, ...(main.number ? {} : trustedAlt.number ? { number: trustedAlt.number } : {}), ...(main.lid ? {} : trustedAlt.lid ? { lid: trustedAlt.lid } : {}) };
  return { chat: { kind: "user", ...person }, author: person };
}

export function timestampOf(msg: Pick<WAMessage, "messageTimestamp">, ctx: MapContext = {}): Date {
  const seconds = toNumber(msg.messageTimestamp);
  return seconds > 0 ? new Date(seconds * 1000) : (ctx.now?.() ?? new Date());
}
