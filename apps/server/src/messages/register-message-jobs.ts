import type { AppDeps } from "../app.js";
import { SEND_MESSAGE_JOB, type SendMessageJob } from "./queue-outgoing-message.js";
import { sendQueuedMessage } from "./send-queued-message.js";

/** The outbox worker. Retries spaced out so a connection that is reconnecting gets a few minutes to come back. */
export async function registerMessageJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work<SendMessageJob>(SEND_MESSAGE_JOB, (job, context) => sendQueuedMessage(deps, job, context), {
    retryLimit: 8,
    retryDelaySeconds: 5,
  });
}
