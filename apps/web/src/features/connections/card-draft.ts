import type { Connection, ConnectionInput, TranscribeProvider } from "./types.js";

/** What the connection card edits (core-service section 2): queues, greeting, transcription and grouping. */
export interface CardDraft {
  queueIds: number[];
  greetingMessage: string;
  activeTranscribe: boolean;
  transcribe: boolean;
  transcribeme: boolean;
  transcribeprovider: TranscribeProvider | "";
  /** Write-only: empty keeps the stored key. */
  transcribekey: string;
  /** Forget the stored key. */
  clearTranscribekey: boolean;
  sendme: boolean;
  /** As typed (seconds). */
  timeforagroup: string;
}

export function cardDraftOf(connection: Connection): CardDraft {
  return {
    queueIds: connection.queues.map((q) => q.id),
    greetingMessage: connection.greetingMessage ?? "",
    activeTranscribe: connection.activeTranscribe,
    transcribe: connection.transcribe,
    transcribeme: connection.transcribeme,
    transcribeprovider: connection.transcribeprovider ?? "",
    transcribekey: "",
    clearTranscribekey: false,
    sendme: connection.sendme,
    timeforagroup: String(connection.timeforagroup ?? ""),
  };
}

export type CardCheck =
  | { ok: true; changes: ConnectionInput }
  | { ok: false; field: "greetingMessage" | "timeforagroup"; message: string };

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

/**
 * The card's save rule (core-service section 5): with more than one queue a greeting is required; with one or none
 * the greeting is cleared. Only changed fields go to the server; an empty `changes` means nothing is sent.
 */
export function cardChanges(connection: Connection, draft: CardDraft): CardCheck {
  if (draft.queueIds.length > 1 && !draft.greetingMessage.trim()) {
    return { ok: false, field: "greetingMessage", message: "connections.greetingRequired" };
  }
  const seconds = draft.timeforagroup.trim();
  if (!/^\d{1,4}$/.test(seconds) || Number(seconds) > 3_600) return { ok: false, field: "timeforagroup", message: "validation.invalid" };

  const greetingMessage = draft.queueIds.length > 1 ? draft.greetingMessage : "";
  const changes: ConnectionInput = {};
  if (!sameSet(draft.queueIds, connection.queues.map((q) => q.id))) changes.queueIds = [...draft.queueIds];
  if (greetingMessage !== (connection.greetingMessage ?? "")) changes.greetingMessage = greetingMessage;
  if (draft.activeTranscribe !== connection.activeTranscribe) changes.activeTranscribe = draft.activeTranscribe;
  if (draft.transcribe !== connection.transcribe) changes.transcribe = draft.transcribe;
  if (draft.transcribeme !== connection.transcribeme) changes.transcribeme = draft.transcribeme;
  if ((draft.transcribeprovider || null) !== (connection.transcribeprovider ?? null)) {
    changes.transcribeprovider = draft.transcribeprovider || null;
  }
  if (draft.transcribekey.trim()) changes.transcribekey = draft.transcribekey.trim();
  else if (draft.clearTranscribekey && connection.hasTranscribeKey) changes.transcribekey = null;
  if (draft.sendme !== connection.sendme) changes.sendme = draft.sendme;
  if (Number(seconds) !== connection.timeforagroup) changes.timeforagroup = Number(seconds);
  return { ok: true, changes };
}
