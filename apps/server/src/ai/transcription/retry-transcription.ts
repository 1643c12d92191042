import type { MessageView } from "@atendo/shared";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.js";
import type { AuthContext } from "../../auth/load-session-context.js";
import { AppError } from "../../errors.js";
import { findVisibleMessage } from "../../messages/find-visible-message.js";
import { loadMessageView } from "../../messages/load-message-views.js";
import { emitIngestedMessageUpdate } from "../../ingestion/emit-ingested.js";
import { inTransaction } from "../../tickets/in-transaction.js";
import { markPendingAndQueue } from "./queue-transcription.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime">;

/**
 * POST /messages/{id}/transcribe: an agent who may see the conversation asks again for an audio's transcript (the
 * retry action of a failed one). The message goes back to pending at once (the conversation shows "transcrevendo…")
 * and the job runs again.
 */
export async function retryTranscription(deps: Deps, logger: FastifyBaseLogger, auth: AuthContext, messageId: number): Promise<MessageView> {
  const { message, ticket } = await findVisibleMessage(deps.db, auth, messageId);
  if (message.mediaType !== "audio" || message.isDeleted || message.mediaStatus === "failed") throw new AppError("ERR_NOT_TRANSCRIBABLE", 400);
  if (message.transcriptStatus === "pending") throw new AppError("ERR_NOT_TRANSCRIBABLE", 409);
  await inTransaction(deps.db as AppDeps["db"], logger, async (tx, after) => {
    await markPendingAndQueue(tx, deps.jobs, auth.companyId, message.id);
    after.add(() => emitIngestedMessageUpdate(deps, auth.companyId, message.id, ticket));
  });
  const view = await loadMessageView(deps.db, auth.companyId, message.id);
  if (!view) throw new AppError("ERR_NOT_FOUND", 404);
  return view;
}
