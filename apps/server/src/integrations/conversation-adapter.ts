import type { OutboundFetch } from "../outbound/outbound-fetch.js";

/**
 * The one contract behind which every service that can hold a queue's conversation sits: the seven queue
 * integration types (webhook, n8n, typebot, dify, flowise, openaiassist, dialogflow) and the AI prompt. The runtime
 * (`integrations/run-conversation-turn.ts`, in a pg-boss job, never on the ingestion path) loads the ticket's bot
 * state, calls the adapter with a timeout and the circuit, turns `replies` into bot messages through the outbox, saves
 * `state`, and applies `outcome`. Adapters are pure of the database: everything they need comes in the input.
 */
export interface ConversationInput {
  companyId: number;
  ticketId: number;
  /** The ticket's uuid, stable per conversation (session ids of the remote service are derived from it). */
  ticketUuid: string;
  connectionId: number;
  queueId: number | null;
  contact: { id: number; name: string; number: string | null; email: string | null };
  /** The customer's message that triggered this turn; null when the conversation starts without one. */
  message: {
    id: number;
    /** The text, or for audio the transcript when there is one, else "". */
    text: string;
    mediaType: "text" | "image" | "audio" | "video" | "document" | "location" | "contact" | "other";
    /** An absolute URL the remote service can fetch (signed, time-limited), when the message has media. */
    mediaUrl: string | null;
  } | null;
  /** The conversation so far, oldest first (the last N, as the adapter asked through `historyLength`). */
  history: Array<{ fromMe: boolean; text: string; createdAt: Date }>;
  /** What this adapter kept for this ticket last turn (conversation id, thread id, Typebot session id …); {} at first. */
  state: Record<string, unknown>;
  /** The outbound client with the SSRF guard; adapters never call `fetch` directly. */
  fetch: OutboundFetch;
  /** Aborts at the runtime's timeout. */
  signal: AbortSignal;
}

export type ConversationReply =
  | { type: "text"; text: string }
  | { type: "media"; url: string; mediaType: "image" | "audio" | "video" | "document"; caption?: string; fileName?: string }
  /** Bytes made by the adapter itself (a synthesised voice note). */
  | { type: "media-bytes"; data: Buffer; mimeType: string; fileName: string; mediaType: "audio" | "image" | "video" | "document"; voice?: boolean }
  /** Wait this long before the next reply (Typebot's `typebotDelayMessage`). */
  | { type: "delay"; ms: number };

export type ConversationOutcome =
  /** The service keeps the conversation. */
  | { kind: "continue" }
  /** The service ended its session: the ticket leaves the bot (pending in its queue, as after a menu). */
  | { kind: "end"; note?: string }
  /** A human should take over: the ticket goes pending in its queue with this note (shown in the conversation). */
  | { kind: "handover"; note: string };

export interface ConversationTurn {
  replies: ConversationReply[];
  /** Replaces the saved state when given. */
  state?: Record<string, unknown>;
  outcome: ConversationOutcome;
  /** Tokens used (AI), recorded per company. */
  usage?: { provider: string; model: string; promptTokens: number; completionTokens: number };
}

export interface ConversationAdapter<Config> {
  /** The integration type (`typebot`, `dify`, …) or `prompt`. */
  type: string;
  /** Validates and narrows the stored settings of one integration/prompt (decrypted keys included). */
  parseConfig(raw: Record<string, unknown>): Config;
  /** How many earlier messages `history` should carry (0 when the service keeps its own). */
  historyLength?(config: Config): number;
  /** One customer message (or the start, message null) → the service's answer. Throws OutboundError on failure. */
  converse(config: Config, input: ConversationInput): Promise<ConversationTurn>;
  /** `POST /queueIntegration/testSession`: whether the settings reach the service. */
  testSession?(config: Config, ctx: { fetch: OutboundFetch; signal: AbortSignal }): Promise<{ ok: boolean; details?: string }>;
}
