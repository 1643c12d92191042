import type { DbOrTx } from "../../db/client.js";
import type { Jobs } from "../../jobs/jobs.js";

export const GROUP_SUMMARY_JOB = "group-summary";
export interface GroupSummaryJob {
  companyId: number;
  contactId: number;
  /** The local day (YYYY-MM-DD) this run summarises up to. */
  date: string;
  /** The HH:MM:SS the group had when the run was scheduled: a run for an older time is stale and does nothing. */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The next moment the clock (the server's time zone) shows `time`, strictly after `now`, and its local day. */
export function nextRunOf(time: string, now: Date): { at: Date; date: string } {
  const [h, m, s] = time.split(":").map(Number);
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), h ?? 0, m ?? 0, s ?? 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return { at, date: localDate(at) };
}

/**
 * Enqueues the group's next summary run, in the caller's transaction. Duplicates (a save and a run scheduling the
 * same day) are harmless: the run claims its day on the contact before sending (send-group-summary.ts).
 */
export async function scheduleGroupSummary(
  tx: DbOrTx,
  jobs: Jobs,
  group: { companyId: number; contactId: number; time: string },
  now = new Date(),
): Promise<GroupSummaryJob> {
  const { at, date } = nextRunOf(group.time, now);
  const job: GroupSummaryJob = { companyId: group.companyId, contactId: group.contactId, date, time: group.time };
  await jobs.enqueue<GroupSummaryJob>(GROUP_SUMMARY_JOB, job, { tx, startAfterSeconds: Math.max(0, (at.getTime() - now.getTime()) / 1000) });
  return job;
}
