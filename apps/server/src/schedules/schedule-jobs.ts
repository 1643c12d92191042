import type { DbOrTx } from "../db/client.js";
import type { Jobs } from "../jobs/jobs.js";

export const SEND_SCHEDULE_JOB = "send-schedule";

/** The job carries the time it was scheduled for: a job whose schedule was moved since finds another time and does nothing. */
export interface SendScheduleJob {
  companyId: number;
  scheduleId: number;
  sendAt: string;
}

/**
 * Enqueues the schedule's send for its time, in the caller's transaction (the job exists exactly when the row does).
 * A time already past runs at once. Nothing is cancelled on edit or delete: the handler checks the row.
 */
export async function enqueueScheduleSend(
  tx: DbOrTx,
  jobs: Jobs,
  schedule: { companyId: number; id: number; sendAt: Date },
  now = new Date(),
): Promise<void> {
  const delaySeconds = Math.max(0, (schedule.sendAt.getTime() - now.getTime()) / 1000);
  await jobs.enqueue<SendScheduleJob>(
    SEND_SCHEDULE_JOB,
    { companyId: schedule.companyId, scheduleId: schedule.id, sendAt: schedule.sendAt.toISOString() },
    { tx, startAfterSeconds: delaySeconds },
  );
}
