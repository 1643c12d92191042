import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { SEND_SCHEDULE_JOB, type SendScheduleJob } from "./schedule-jobs.js";
import { sendScheduledMessage } from "./send-scheduled-message.js";

/**
 * The schedules' worker. Jobs wait in pg-boss with their start time, so a schedule due while no process ran is picked
 * up by the next start (and then sent once, or expired when too late).
 */
export async function registerScheduleJobs(deps: AppDeps, logger: FastifyBaseLogger): Promise<void> {
  await deps.jobs.work<SendScheduleJob>(SEND_SCHEDULE_JOB, (job, context) => sendScheduledMessage(deps, logger, job, context), {
    retryLimit: 5,
    retryDelaySeconds: 10,
  });
}
