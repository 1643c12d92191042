import type { MessageView } from "@atendo/shared";

/** The text messages' types (chat is what the server stores, template a Cloud API template's filled-in text; the others are the provider's names). */
const TEXT_TYPES = new Set(["chat", "text", "conversation", "extendedTextMessage", "template"]);

export type MessageKind = "text" | "image" | "sticker" | "audio" | "video" | "document" | "location" | "contact" | "call" | "reaction";

/** How a message is drawn, from its mediaType (core-service section 3, Message). */
export function messageKind(message: Pick<MessageView, "mediaType">): MessageKind {
  const type = message.mediaType;
  if (TEXT_TYPES.has(type)) return "text";
  if (type === "image") return "image";
  if (type === "sticker") return "sticker";
  if (type === "audio" || type === "ptt") return "audio";
  if (type === "video") return "video";
  if (type === "locationMessage" || type === "location") return "location";
  if (type === "contactMessage" || type === "vcard" || type === "contactsArrayMessage") return "contact";
  if (type === "call_log" || type === "call") return "call";
  if (type === "reactionMessage") return "reaction";
  return "document";
}

/** Kinds whose body is a label or the file name rather than something the sender wrote. */
export function bodyIsCaption(message: MessageView): boolean {
  const kind = messageKind(message);
  if (kind === "text") return true;
  if (kind === "location" || kind === "contact" || kind === "call" || kind === "reaction") return false;
  const body = message.body.trim();
  return body !== "" && body !== message.mediaName;
}

export interface VcardContact {
  name: string;
  numbers: string[];
}

/** Name and numbers of a vCard (FN, else N; TEL lines, preferring WhatsApp's waid). Values only, never markup. */
export function parseVcard(vcard: string, fallbackName = ""): VcardContact {
  // Folded lines (RFC 6350 3.2) continue with a space or tab.
  const lines = vcard.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  let name = "";
  let structured = "";
  const numbers: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const head = line.slice(0, colon).toUpperCase();
    const value = line.slice(colon + 1).trim();
    const property = head.split(";")[0]?.replace(/^ITEM\d+\./, "");
    if (property === "FN" && value) name = value;
    else if (property === "N" && value) structured = value.split(";").filter(Boolean).reverse().join(" ");
    else if (property === "TEL") {
      const waid = /WAID=(\d+)/.exec(head)?.[1];
      const number = waid ? `+${waid}` : value;
      if (number && !numbers.includes(number)) numbers.push(number);
    }
  }
  return { name: name || structured || fallbackName, numbers };
}

export interface LocationData {
  latitude: number;
  longitude: number;
  name: string | null;
  address: string | null;
}

export function locationOf(message: MessageView): LocationData | null {
  const { latitude, longitude, name, address } = message.data as Record<string, unknown>;
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { latitude: lat, longitude: lon, name: typeof name === "string" && name ? name : null, address: typeof address === "string" && address ? address : null };
}

/** A map link (opened in a new tab): no map script or tile is loaded in the app. */
export function mapUrl({ latitude, longitude }: Pick<LocationData, "latitude" | "longitude">): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

export interface ReactionBadge {
  emoji: string;
  fromMe: boolean;
  /** Who reacted: the contact's name, or the agent's for ours. */
  name: string | null;
}

/**
 * Reaction messages are shown on the message they react to, not as rows: the latest reaction of each person per
 * target (a removed one, empty or deleted, takes the person's reaction away).
 */
export function splitReactions(messages: MessageView[]): { rows: MessageView[]; reactions: Map<number, ReactionBadge[]> } {
  const rows: MessageView[] = [];
  const latest = new Map<number, Map<string, MessageView>>();
  for (const message of messages) {
    if (messageKind(message) !== "reaction") {
      rows.push(message);
      continue;
    }
    const targetId = Number((message.data as { targetId?: unknown }).targetId);
    if (!Number.isFinite(targetId)) continue;
    const who = message.fromMe ? "me" : `c${message.contact?.id ?? "?"}`;
    const byPerson = latest.get(targetId) ?? new Map<string, MessageView>();
    const previous = byPerson.get(who);
    if (!previous || previous.updatedAt <= message.updatedAt) byPerson.set(who, message);
    latest.set(targetId, byPerson);
  }
  const reactions = new Map<number, ReactionBadge[]>();
  for (const [targetId, byPerson] of latest) {
    const badges = [...byPerson.values()]
      .filter((reaction) => !reaction.isDeleted && reaction.body.trim() !== "")
      .map((reaction) => ({ emoji: reaction.body, fromMe: reaction.fromMe, name: reaction.fromMe ? (reaction.user?.name ?? null) : (reaction.contact?.name ?? null) }));
    if (badges.length > 0) reactions.set(targetId, badges);
  }
  return { rows, reactions };
}

/** Our own (non-deleted) reaction on a message, for the picker to show what is chosen. */
export function ownReaction(badges: ReactionBadge[] | undefined): string | null {
  return badges?.find((badge) => badge.fromMe)?.emoji ?? null;
}
