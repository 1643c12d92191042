import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { SEND_MAIL_JOB, type SendMailJob } from "./queue-mail.js";
import { sendQueuedMail } from "./send-queued-mail.js";

/** The mail worker: a few retries over about a minute, well inside a code's validity. */
export async function registerMailJobs(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  await deps.jobs.work<SendMailJob>(SEND_MAIL_JOB, (job, context) => sendQueuedMail({ ...deps, logger }, job, context), {
    retryLimit: 4,
    retryDelaySeconds: 15,
  });
}
