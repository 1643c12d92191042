import { BufferJSON, proto, toNumber, type WAMessage } from "baileys";
import type { MediaRef, MessageContent } from "../provider.js";

export const BAILEYS_PROVIDER = "beta";

/** What one WAMessage means to the product. */
export type Classified =
  | { kind: "message"; content: MessageContent; quotedId?: string; forwarded?: boolean }
  | { kind: "reaction"; targetId: string; emoji: string }
  | { kind: "revoke"; targetId: string }
  | { kind: "edit"; targetId: string; body: string }
  /** Protocol traffic, key distribution, poll votes, group notices, undecryptable placeholders. */
  | { kind: "ignore"; why: string };

type Media = proto.Message.IImageMessage | proto.Message.IVideoMessage | proto.Message.IAudioMessage | proto.Message.IDocumentMessage | proto.Message.IStickerMessage;

const Stub = proto.WebMessageInfo.StubType;
const Protocol = proto.Message.ProtocolMessage.Type;

/**
 * Unwraps the envelopes WhatsApp puts around content (disappearing, view once, document with caption, sent from
 * our other device, ...). `editedMessage` is left alone: it is an edit, not content.
 */
export function unwrapContent(message: proto.IMessage | null | undefined): proto.IMessage | undefined {
  let current = message ?? undefined;
  for (let i = 0; current && i < 6; i++) {
    const inner =
      current.ephemeralMessage?.message ??
      current.viewOnceMessage?.message ??
      current.viewOnceMessageV2?.message ??
      current.viewOnceMessageV2Extension?.message ??
      current.documentWithCaptionMessage?.message ??
      current.deviceSentMessage?.message ??
      current.lottieStickerMessage?.message ??
      current.groupMentionedMessage?.message ??
      current.botInvokeMessage?.message;
    if (!inner) break;
    current = inner;
  }
  return current;
}

export function classifyMessage(msg: WAMessage): Classified {
  const stub = msg.messageStubType;
  if (stub === Stub.CALL_MISSED_VOICE || stub === Stub.CALL_MISSED_GROUP_VOICE) return message({ type: "call_log", video: false, missed: true });
  if (stub === Stub.CALL_MISSED_VIDEO || stub === Stub.CALL_MISSED_GROUP_VIDEO) return message({ type: "call_log", video: true, missed: true });
  // A message Baileys could not decrypt yet: it asks the phone to resend, and the resend arrives under the same id.
  // Ingesting the placeholder would make that real message a duplicate, so it waits for it.
  if (stub === Stub.CIPHERTEXT) return { kind: "ignore", why: "not decrypted yet (a resend is requested)" };
  if (stub === Stub.REVOKE && msg.key.id) return { kind: "revoke", targetId: msg.key.id };

  let content = unwrapContent(msg.message);
  if (!content) return { kind: "ignore", why: stub ? `stub ${Stub[stub] ?? stub}` : "no content" };

  const edited = content.editedMessage?.message;
  if (edited) content = unwrapContent(edited) ?? edited;

  const protocol = content.protocolMessage;
  if (protocol) {
    const targetId = protocol.key?.id;
    if (protocol.type === Protocol.REVOKE && targetId) return { kind: "revoke", targetId };
    if (protocol.type === Protocol.MESSAGE_EDIT && targetId) {
      const body = textOf(unwrapContent(protocol.editedMessage));
      return body === undefined ? { kind: "ignore", why: "edit without text" } : { kind: "edit", targetId, body };
    }
    return { kind: "ignore", why: `protocol ${Protocol[protocol.type ?? -1] ?? protocol.type}` };
  }

  if (content.reactionMessage) {
    const targetId = content.reactionMessage.key?.id;
    if (!targetId) return { kind: "ignore", why: "reaction without target" };
    // An empty text is the reaction taken back.
    return { kind: "reaction", targetId, emoji: content.reactionMessage.text ?? "" };
  }

  return mapContent(msg, content);
}

function mapContent(msg: WAMessage, c: proto.IMessage): Classified {
  if (typeof c.conversation === "string") return message({ type: "text", body: c.conversation });
  if (c.extendedTextMessage) return message({ type: "text", body: c.extendedTextMessage.text ?? "" }, c.extendedTextMessage.contextInfo);
  if (c.imageMessage) return media(msg, "image", "imageMessage", c.imageMessage, "image/jpeg");
  if (c.videoMessage) return media(msg, "video", "videoMessage", c.videoMessage, "video/mp4");
  if (c.ptvMessage) return media(msg, "video", "ptvMessage", c.ptvMessage, "video/mp4");
  if (c.audioMessage) return media(msg, "audio", "audioMessage", c.audioMessage, "audio/ogg; codecs=opus");
  if (c.documentMessage) return media(msg, "document", "documentMessage", c.documentMessage, "application/octet-stream");
  if (c.stickerMessage) return media(msg, "sticker", "stickerMessage", c.stickerMessage, "image/webp");
  if (c.locationMessage) {
    const l = c.locationMessage;
    return message({ type: "location", latitude: l.degreesLatitude ?? 0, longitude: l.degreesLongitude ?? 0, ...opt("name", l.name), ...opt("address", l.address) }, l.contextInfo);
  }
  if (c.liveLocationMessage) {
    const l = c.liveLocationMessage;
    return message({ type: "location", latitude: l.degreesLatitude ?? 0, longitude: l.degreesLongitude ?? 0, ...opt("name", l.caption) }, l.contextInfo);
  }
  if (c.contactMessage) {
    const card = c.contactMessage;
    return message({ type: "contact", displayName: card.displayName ?? "", vcard: card.vcard ?? "" }, card.contextInfo);
  }
  if (c.contactsArrayMessage) {
    // The product's contact content is one card; a vCard file may hold several cards in a row (RFC 6350).
    const cards = c.contactsArrayMessage.contacts ?? [];
    const displayName = c.contactsArrayMessage.displayName || cards.map((card) => card.displayName).filter(Boolean).join(", ");
    return message({ type: "contact", displayName, vcard: cards.map((card) => card.vcard ?? "").filter(Boolean).join("\r\n") }, c.contactsArrayMessage.contextInfo);
  }
  if (c.callLogMesssage) {
    const log = c.callLogMesssage;
    return message({ type: "call_log", video: !!log.isVideo, missed: log.callOutcome === proto.Message.CallLogMessage.CallOutcome.MISSED });
  }
  if (c.call) return message({ type: "call_log", video: false, missed: false });
  if (c.senderKeyDistributionMessage || c.pollUpdateMessage || c.encReactionMessage || c.keepInChatMessage || c.pinInChatMessage || c.encEventResponseMessage) {
    return { kind: "ignore", why: "no content of its own" };
  }
  const type = Object.keys(c).find((k) => k !== "messageContextInfo" && k !== "senderKeyDistributionMessage" && c[k as keyof proto.IMessage] != null);
  if (!type) return { kind: "ignore", why: "empty message" };
  // Shown to the agent as "unsupported", never dropped silently.
  return message({ type: "unsupported", description: type.replace(/Message$/, "") });
}

/** The text of a message, for edits (a caption edit counts). */
export function textOf(c: proto.IMessage | undefined): string | undefined {
  if (!c) return undefined;
  if (typeof c.conversation === "string") return c.conversation;
  return c.extendedTextMessage?.text ?? c.imageMessage?.caption ?? c.videoMessage?.caption ?? c.documentMessage?.caption ?? undefined;
}

function message(content: MessageContent, context?: proto.IContextInfo | null): Classified {
  return {
    kind: "message",
    content,
    ...(context?.stanzaId ? { quotedId: context.stanzaId } : {}),
    ...(context?.isForwarded ? { forwarded: true } : {}),
  };
}

function media(
  msg: WAMessage,
  type: "image" | "video" | "audio" | "document" | "sticker",
  field: "imageMessage" | "videoMessage" | "ptvMessage" | "audioMessage" | "documentMessage" | "stickerMessage",
  m: Media,
  fallbackMime: string,
): Classified {
  const caption = "caption" in m ? m.caption : undefined;
  const fileName = "fileName" in m ? m.fileName : undefined;
  const size = m.fileLength == null ? undefined : toNumber(m.fileLength);
  return message(
    {
      type,
      mimetype: m.mimetype || fallbackMime,
      ...opt("caption", caption),
      ...opt("fileName", fileName),
      ...(type === "audio" && "ptt" in m && m.ptt ? { voice: true } : {}),
      ...(size !== undefined && Number.isFinite(size) ? { size } : {}),
      media: mediaRefOf(msg, field, m),
    },
    m.contextInfo,
  );
}

/**
 * What downloadMediaMessage needs: the key and the one media node (not the whole message). Buffers are written the
 * BufferJSON way, so the ref survives being stored as JSON and read back (mediaFromRef revives them).
 */
export function mediaRefOf(msg: WAMessage, field: string, m: Media): MediaRef {
  // Decoded protobufs serialise bytes as base64 strings (toJSON); a plain copy keeps them Buffers for BufferJSON.
  const plain = proto.Message.toObject(proto.Message.create({ [field]: m }), { longs: Number }) as Record<string, { jpegThumbnail?: unknown }>;
  // The preview thumbnail is not needed to download and would bloat every stored ref.
  delete plain[field]!.jpegThumbnail;
  const minimal: WAMessage = { key: msg.key, message: plain };
  return { provider: BAILEYS_PROVIDER, ref: JSON.parse(JSON.stringify(minimal, BufferJSON.replacer)) as unknown };
}

export function mediaFromRef(media: MediaRef): WAMessage | undefined {
  if (media.provider !== BAILEYS_PROVIDER || typeof media.ref !== "object" || media.ref === null) return undefined;
  // The ref is JSON-safe already (mediaRefOf); stringify again only to get a fresh copy through the reviver.
  const msg = JSON.parse(JSON.stringify(media.ref), BufferJSON.reviver) as WAMessage;
  return msg.key && msg.message ? msg : undefined;
}

function opt<K extends string>(key: K, value: string | null | undefined): { [P in K]?: string } {
  return (value ? { [key]: value } : {}) as { [P in K]?: string };
}
