import type { AppDeps } from "../app-deps.js";
import { SEND_MESSAGE_JOB, type SendMessageJob } from "./queue-outgoing-message.js";
import { sendQueuedMessage } from "./send-queued-message.js";
import { DOWNLOAD_MEDIA_JOB, type DownloadMediaJob } from "./queue-media-download.js";
import { downloadInboundMedia } from "./download-inbound-media.js";

/** The outbox and media workers. Retries spaced out so a connection that is reconnecting gets time to come back. */
export async function registerMessageJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work<SendMessageJob>(SEND_MESSAGE_JOB, (job, context) => sendQueuedMessage(deps, job, context), {
    retryLimit: 8,
    retryDelaySeconds: 5,
  });
  await deps.jobs.work<DownloadMediaJob>(DOWNLOAD_MEDIA_JOB, (job, context) => downloadInboundMedia(deps, job, context), {
    retryLimit: 8,
    retryDelaySeconds: 5,
  });
}
