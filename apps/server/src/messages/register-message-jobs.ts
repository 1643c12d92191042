import type { AppDeps } from "../app-deps.js";
import { SEND_MESSAGE_JOB, type SendMessageJob } from "./queue-outgoing-message.js";
import { createOutboxWorker } from "./send-queued-batch.js";
import { DOWNLOAD_MEDIA_JOB, type DownloadMediaJob } from "./queue-media-download.js";
import { downloadInboundMedia } from "./download-inbound-media.js";

/** Send jobs fetched at once: a backlog drains a batch at a time, its chats in parallel. */
export const OUTBOX_BATCH_SIZE = 50;

/** The outbox and media workers. Retries spaced out so a connection that is reconnecting gets time to come back. */
export async function registerMessageJobs(deps: AppDeps): Promise<void> {
  // One batch at a time per process (its chats in parallel): a chat's messages are never in two batches here at once.
  // A connection reconnecting, or a session moving to another process after a crash (a lease expiring, then a
  // sweep: up to a minute), must not end its queued messages failed: 108 attempts 5 s apart (about 9 minutes) before
  // a message is marked failed. Not a growing backoff: a chat's later messages wait behind an earlier one by retrying,
  // and after a restart the backlog must drain within seconds, not at a 30 s step.
  await deps.jobs.workBatch<SendMessageJob>(SEND_MESSAGE_JOB, createOutboxWorker(deps), {
    batchSize: OUTBOX_BATCH_SIZE,
    retryLimit: 108,
    retryDelaySeconds: 5,
  });
  await deps.jobs.work<DownloadMediaJob>(DOWNLOAD_MEDIA_JOB, (job, context) => downloadInboundMedia(deps, job, context), {
    retryLimit: 8,
    retryDelaySeconds: 5,
  });
}
