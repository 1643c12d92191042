import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import { inCompany } from "../../db/tenant.js";
import { messages, tickets, whatsapps } from "../../db/schema.js";
import type { JobContext } from "../../jobs/jobs.js";
import { emitIngestedMessageUpdate } from "../../ingestion/emit-ingested.js";
import { openTranscribeKey } from "../ai-secrets.js";
import { AiProviderError, asProviderError } from "../provider-error.js";
import { transcribeAudio } from "./transcribe-audio.js";
import { TRANSCRIBE_JOB, type TranscribeJob } from "./queue-transcription.js";

type Deps = Pick<AppDeps, "db" | "config" | "outbound" | "storage" | "realtime" | "jobs">;

/** How many times (a second apart) a transcription waits for its audio to be downloaded. */
const MAX_MEDIA_WAITS = 90;

/** Shown under the audio when the connection has no provider or key to transcribe with. */
export const NOT_CONFIGURED = "Transcrição não configurada na conexão (provedor e chave).";
export const MEDIA_UNAVAILABLE = "O arquivo de áudio não está disponível.";

/**
 * The transcription job: the stored audio file to its connection's provider, the transcript (or the failure) saved on
 * the message, and the message update event so the conversation shows it live. Idempotent: only a pending
 * transcription is worked. A retryable failure (network, timeout, 429, 5xx, the file still downloading) is retried by
 * the queue; a final one, or the last attempt, leaves the message failed with the reason (the agent can retry).
 */
export async function transcribeMessage(deps: Deps, job: TranscribeJob, context: JobContext): Promise<void> {
  const [row] = await deps.db
    .select({
      message: messages,
      ticket: { id: tickets.id, userId: tickets.userId, queueId: tickets.queueId },
      connection: { id: whatsapps.id, provider: whatsapps.transcribeprovider, key: whatsapps.transcribekey },
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .leftJoin(whatsapps, eq(whatsapps.id, messages.whatsappId))
    .where(inCompany(messages, job.companyId, eq(messages.id, job.messageId)));
  if (!row || row.message.transcriptStatus !== "pending") return;
  const { message, ticket, connection } = row;

  const finish = async (values: { transcript?: string; transcriptStatus: "done" | "failed"; transcriptError: string | null }) => {
    await deps.db
      .update(messages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(messages.id, message.id), eq(messages.transcriptStatus, "pending")));
    await emitIngestedMessageUpdate(deps, job.companyId, message.id, ticket);
  };
  const fail = (reason: string) => finish({ transcriptStatus: "failed", transcriptError: reason.slice(0, 500) });

  if (message.mediaStatus === "failed" || message.isDeleted) return fail(MEDIA_UNAVAILABLE);
  if (message.mediaStatus !== "ready" || !message.mediaPath) {
    // The download job has not stored the file yet (it usually takes a second): look again shortly, a bounded number
    // of times (the download job itself gives up after its retries and marks the media failed).
    const waits = job.waits ?? 0;
    if (waits >= MAX_MEDIA_WAITS) return fail(MEDIA_UNAVAILABLE);
    await deps.jobs.enqueue<TranscribeJob>(TRANSCRIBE_JOB, { ...job, waits: waits + 1 }, { startAfterSeconds: 1 });
    return;
  }
  if (!connection?.provider || !connection.key) return fail(NOT_CONFIGURED);

  const audio = await deps.storage.read(message.mediaPath);
  if (!audio) return fail(MEDIA_UNAVAILABLE);
  let key: string;
  try {
    key = openTranscribeKey(deps.config.whatsappEncryptionKey, job.companyId, connection.key);
  } catch {
    return fail(NOT_CONFIGURED);
  }

  let transcript: string;
  try {
    transcript = await transcribeAudio(deps, {
      companyId: job.companyId,
      provider: connection.provider,
      key,
      audio,
      mimeType: message.mimetype ?? "audio/ogg",
      signal: context.signal,
    });
  } catch (err) {
    if (context.signal.aborted) throw err;
    const failure: AiProviderError = asProviderError(connection.provider, err);
    if (failure.retryable && !context.lastAttempt) throw failure;
    // Agents read the reason: never the key, even where a provider quotes it.
    return fail(key ? failure.message.split(key).join("••••") : failure.message);
  }
  return finish({ transcript, transcriptStatus: "done", transcriptError: null });
}
