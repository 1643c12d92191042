/**
 * One interface for every WhatsApp provider (simulator, Baileys, later the Cloud API). The rest of the server only
 * sees these normalised shapes: no Baileys type leaves the Baileys adapter.
 */

export const CONNECTION_STATUSES = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING", "CONNECTED"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export interface ProviderCapabilities {
  qr: boolean;
  pairingCode: boolean;
  edit: boolean;
  delete: boolean;
  forward: boolean;
  presence: boolean;
  groups: boolean;
  numberCheck: boolean;
  templates: boolean;
  readReceipts: boolean;
}

/** A person: phone digits (E.164 without +) and/or WhatsApp's LID; both are kept when known. */
export interface Participant {
  number?: string;
  lid?: string;
  /** The name the person set for themselves (push name), when the provider tells it. */
  pushName?: string;
}

/** A conversation: with one person, or a group (id without the @g.us suffix). */
export type ChatRef = { kind: "user"; number?: string; lid?: string } | { kind: "group"; id: string };

/** Where inbound media can be fetched from: opaque to everyone but the provider that made it. */
export interface MediaRef {
  provider: string;
  ref: unknown;
}

export type MessageContent =
  | { type: "text"; body: string }
  | {
      type: "image" | "video" | "audio" | "document" | "sticker";
      caption?: string;
      mimetype: string;
      fileName?: string;
      /** Audio recorded as a voice note (push to talk). */
      voice?: boolean;
      size?: number;
      media: MediaRef;
    }
  | { type: "location"; latitude: number; longitude: number; name?: string; address?: string }
  | { type: "contact"; displayName: string; vcard: string }
  | { type: "call_log"; video: boolean; missed: boolean }
  | { type: "unsupported"; description: string };

/** What we send: media travels as bytes. */
export type OutgoingContent =
  | { type: "text"; body: string }
  | { type: "image" | "video" | "audio" | "document"; data: Buffer; mimetype: string; fileName?: string; caption?: string; voice?: boolean }
  | { type: "location"; latitude: number; longitude: number; name?: string; address?: string }
  | { type: "contact"; displayName: string; vcard: string }
  /**
   * An approved message template (Cloud API): `parameters` fill its body's {{1}}, {{2}}…; `body` is that text filled
   * in, what the agent sees and what a provider without templates (the simulator) sends as text.
   */
  | { type: "template"; name: string; language: string; parameters: string[]; body: string };

export interface InboundMessage {
  /** The provider's message id; with the connection and chat, the idempotency key of ingestion. */
  id: string;
  chat: ChatRef;
  /** The author (the customer; in groups the member who wrote). Absent for own messages. */
  from?: Participant;
  fromMe: boolean;
  timestamp: Date;
  content: MessageContent;
  quotedId?: string;
  forwarded?: boolean;
}

/** Ack scale of the product: 0 pending, 1–2 sent, 3 delivered, 4 read, 5 played. Acks only move forward. */
export type Ack = 0 | 1 | 2 | 3 | 4 | 5;
export type Presence = "composing" | "recording" | "paused" | "available" | "unavailable";

export type ProviderEvent =
  | { type: "connection"; status: ConnectionStatus; qrcode?: string; pairingCode?: string; number?: string; reason?: string }
  /** live: as it happens; offline: caught up after a reconnect; history: a history sync; own: sent from the phone. */
  | { type: "message"; origin: "live" | "offline" | "history" | "own"; message: InboundMessage }
  | { type: "message-update"; chat: ChatRef; messageId: string; change: { kind: "edit"; body: string } | { kind: "revoke" } }
  /** `error`: with `failed`, the provider's reason as the agent sees it (the Cloud API's code and title). */
  | { type: "ack"; chat: ChatRef; messageId: string; ack: Ack; failed?: boolean; error?: string }
  | { type: "reaction"; chat: ChatRef; messageId: string; from: Participant; fromMe: boolean; emoji: string }
  | { type: "presence"; chat: ChatRef; from: Participant; presence: Presence }
  | { type: "contact"; contact: Participant & { name?: string; imgUrl?: string } }
  | { type: "group"; group: { id: string; subject?: string; participants?: Participant[] } }
  | { type: "identity"; lid: string; number: string };

export interface SendResult {
  messageId: string;
  ack: Ack;
  timestamp: Date;
}

/** A live session of one connection. Every operation may throw ProviderError. */
export interface WhatsAppSession {
  readonly capabilities: ProviderCapabilities;
  start(): Promise<void>;
  /** Stops the session but keeps its login (a restart resumes it). */
  stop(): Promise<void>;
  /** Logs out at WhatsApp and forgets the login: the next start needs a new QR. */
  logout(): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  /**
   * `messageId` names the message (the outbox's own id): sending again with the same id must not deliver it twice
   * where the provider can tell (the simulator answers the first send; WhatsApp recipients drop a repeated id).
   */
  send(chat: ChatRef, content: OutgoingContent, opts?: { quotedId?: string; forwarded?: boolean; messageId?: string }): Promise<SendResult>;
  react(chat: ChatRef, messageId: string, emoji: string, fromMe: boolean): Promise<void>;
  edit(chat: ChatRef, messageId: string, body: string): Promise<void>;
  delete(chat: ChatRef, messageId: string, fromMe: boolean): Promise<void>;
  markRead(chat: ChatRef, messageIds: string[]): Promise<void>;
  sendPresence(chat: ChatRef, presence: Presence): Promise<void>;
  checkNumber(number: string): Promise<{ exists: boolean; number?: string; lid?: string }>;
  groupInfo(groupId: string): Promise<{ id: string; subject: string; participants: Participant[] }>;
  /** The phone's address book as the provider knows it (people only): what POST /contacts/import copies. */
  listContacts(): Promise<(Participant & { name?: string })[]>;
  downloadMedia(media: MediaRef): Promise<Buffer>;
}

export interface SessionContext {
  companyId: number;
  whatsappId: number;
  /** Every normalised event of the session. Awaited per chat in order (chats concurrently; see sessions/per-chat-queue.ts), so a handler persists before the chat's next event. */
  onEvent(event: ProviderEvent): Promise<void>;
}

export type ProviderErrorCode =
  | "ERR_WAPP_NOT_INITIALIZED"
  | "ERR_SENDING_WAPP_MSG"
  | "ERR_DELETE_WAPP_MSG"
  | "ERR_WAPP_CHECK_CONTACT"
  | "ERR_WAPP_INVALID_CONTACT"
  | "ERR_WAPP_DOWNLOAD_MEDIA"
  | "ERR_FETCH_WAPP_MSG"
  | "ERR_NOT_SUPPORTED";

export class ProviderError extends Error {
  constructor(
    public readonly code: ProviderErrorCode,
    message?: string,
    /** Whether trying again later may succeed (network, rate limit) or never will (invalid number). */
    public readonly retryable = false,
  ) {
    super(message ?? code);
  }
}
