import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { inCompany } from "../../db/tenant.js";
import { contacts, messages, whatsapps } from "../../db/schema.js";
import type { Jobs } from "../../jobs/jobs.js";

export const TRANSCRIBE_JOB = "transcribe-audio";
export interface TranscribeJob {
  companyId: number;
  messageId: number;
  /** How many times this transcription already waited for its audio to be downloaded. */
  waits?: number;
}

export interface StoredAudio {
  companyId: number;
  messageId: number;
  whatsappId: number | null;
  chatContactId: number;
  fromMe: boolean;
  isGroup: boolean;
  mediaType: string;
}

/**
 * Called in the transaction that stores a message: an audio is marked "transcription pending" and its job enqueued
 * when its connection asks for it (`transcribe` for customers' voice notes, `transcribeme` for our own) or, in a
 * group, when the group's transcription toggle is on. The provider is called by the job, never here.
 */
export async function queueTranscriptionIfWanted(tx: DbOrTx, jobs: Jobs, audio: StoredAudio): Promise<boolean> {
  if (audio.mediaType !== "audio" || !audio.whatsappId) return false;
  const [connection] = await tx
    .select({ transcribe: whatsapps.transcribe, transcribeme: whatsapps.transcribeme })
    .from(whatsapps)
    .where(inCompany(whatsapps, audio.companyId, eq(whatsapps.id, audio.whatsappId)));
  if (!connection) return false;
  let wanted = audio.fromMe ? connection.transcribeme : connection.transcribe;
  if (audio.isGroup) {
    const [group] = await tx
      .select({ activeTranscribe: contacts.activeTranscribe })
      .from(contacts)
      .where(inCompany(contacts, audio.companyId, eq(contacts.id, audio.chatContactId)));
    wanted = (group?.activeTranscribe ?? false) && (!audio.fromMe || connection.transcribeme);
  }
  if (!wanted) return false;
  await markPendingAndQueue(tx, jobs, audio.companyId, audio.messageId);
  return true;
}

/** Marks the message pending and enqueues its job, in the caller's transaction (also the retry action's). */
export async function markPendingAndQueue(tx: DbOrTx, jobs: Jobs, companyId: number, messageId: number): Promise<void> {
  await tx
    .update(messages)
    .set({ transcriptStatus: "pending", transcriptError: null, updatedAt: new Date() })
    .where(inCompany(messages, companyId, eq(messages.id, messageId)));
  await jobs.enqueue<TranscribeJob>(TRANSCRIBE_JOB, { companyId, messageId }, { tx });
}
