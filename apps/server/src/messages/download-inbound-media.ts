import { and, eq } from "drizzle-orm";
import mime from "mime-types";
import type { AppDeps } from "../app-deps.js";
import { inCompany } from "../db/tenant.js";
import { messages, tickets } from "../db/schema.js";
import type { JobContext } from "../jobs/jobs.js";
import { ProviderError, type MediaRef } from "../whatsapp/provider.js";
import { emitMessageUpdate } from "../tickets/emit-ticket-events.js";
import { loadMessageView } from "./load-message-views.js";
import type { DownloadMediaJob } from "./queue-media-download.js";

type Deps = Pick<AppDeps, "db" | "sessions" | "storage" | "realtime">;

/** A readable file name for a downloaded attachment: the sender's, else the type's extension. */
function fileNameOf(message: typeof messages.$inferSelect): string {
  const given = (message.data as { fileName?: unknown }).fileName;
  if (typeof given === "string" && given.trim()) return given;
  const ext = message.mimetype ? mime.extension(message.mimetype.split(";")[0]!.trim()) : false;
  return `${message.mediaType}-${message.id}${ext ? `.${ext}` : ""}`;
}

/**
 * Fetches an inbound message's attachment from its provider and stores it, so the message shows with its file.
 * Retried by the job while the provider may still deliver (a reconnecting session); on the last attempt, or when the
 * provider says it never will, the message is marked failed (the client shows that). Idempotent: only a pending
 * message is downloaded, and the file is written before the row points at it.
 */
export async function downloadInboundMedia(deps: Deps, job: DownloadMediaJob, context: JobContext): Promise<void> {
  const [row] = await deps.db
    .select({ message: messages, ticket: { id: tickets.id, userId: tickets.userId, queueId: tickets.queueId } })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(inCompany(messages, job.companyId, eq(messages.id, job.messageId)));
  if (!row || row.message.mediaStatus !== "pending") return;
  const { message, ticket } = row;
  const ref = (message.data as { mediaRef?: MediaRef }).mediaRef;

  const finish = async (values: Partial<typeof messages.$inferInsert>) => {
    await deps.db
      .update(messages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(messages.id, message.id), eq(messages.mediaStatus, "pending")));
    const view = await loadMessageView(deps.db, job.companyId, message.id);
    if (view) emitMessageUpdate(deps.realtime, job.companyId, view, ticket);
  };

  if (!ref || !message.whatsappId) return finish({ mediaStatus: "failed" });
  let data: Buffer;
  try {
    data = await deps.sessions.call(message.whatsappId, "downloadMedia", ref);
  } catch (err) {
    const final = err instanceof ProviderError && !err.retryable && err.code !== "ERR_WAPP_NOT_INITIALIZED";
    if (!final && !context.lastAttempt) throw err;
    return finish({ mediaStatus: "failed" });
  }
  const stored = await deps.storage.save(job.companyId, "messages", fileNameOf(message), data);
  await finish({ mediaStatus: "ready", mediaPath: stored.path, mediaName: stored.name });
}
