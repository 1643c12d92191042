import { and, eq, isNull, lt, or } from "drizzle-orm";
import { normalizeSummaryTime } from "@atendo/shared";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.js";
import { inCompany } from "../../db/tenant.js";
import { contacts } from "../../db/schema.js";
import type { JobContext } from "../../jobs/jobs.js";
import { inTransaction } from "../../tickets/in-transaction.js";
import { emitMessageCreated, emitTicketChanged } from "../../tickets/emit-changes.js";
import { queueOutgoingMessage } from "../../messages/queue-outgoing-message.js";
import { openResumeKey } from "../ai-secrets.js";
import { asProviderError } from "../provider-error.js";
import { buildSummaryPrompt, loadGroupDay } from "./build-summary-prompt.js";
import { summarizeText } from "./summarize-text.js";
import { scheduleGroupSummary, type GroupSummaryJob } from "./schedule-group-summary.js";

type Deps = Pick<AppDeps, "db" | "config" | "outbound" | "jobs" | "realtime">;

const pad = (n: number) => String(n).padStart(2, "0");

export type SummaryOutcome = "sent" | "empty" | "already-done" | "stale" | "failed";

/**
 * A group's daily summary run: the last 24 hours of the group through its provider's model, sent to the group
 * through the outbox (so it is kept on the group's ticket like any message) and the next day's run scheduled.
 * Exactly once per group and day, whatever restarts or duplicate runs happen: the day is claimed on the contact
 * (`resume_last_date`) in the same transaction that queues the message and the next run. A day without messages
 * sends nothing (and still schedules the next day). A run for a time or a switch the group no longer has is stale.
 */
export async function sendGroupSummary(deps: Deps, logger: FastifyBaseLogger, job: GroupSummaryJob, context: JobContext): Promise<SummaryOutcome> {
  const [group] = await deps.db.select().from(contacts).where(inCompany(contacts, job.companyId, eq(contacts.id, job.contactId)));
  if (!group || !group.isGroup || !group.resumeGroup || normalizeSummaryTime(group.timeResume) !== job.time) return "stale";
  if (group.resumeLastDate !== null && group.resumeLastDate >= job.date) return "already-done";

  const day = await loadGroupDay(deps.db, job.companyId, group.id, new Date());
  let summary: string | null = null;
  if (day && group.resumeProvider && group.resumeModel && group.resumeKey) {
    try {
      summary = await summarizeText(deps, job.companyId, group.resumeProvider, {
        key: openResumeKey(deps.config.whatsappEncryptionKey, job.companyId, group.id, group.resumeKey),
        model: group.resumeModel,
        prompt: buildSummaryPrompt(group.resumePrompt, day.lines),
        maxTokens: group.resumeMaxTokens,
        temperature: group.resumeTemperature,
        signal: context.signal,
      });
    } catch (err) {
      if (context.signal.aborted) throw err;
      const failure = asProviderError(group.resumeProvider, err);
      if (failure.retryable && !context.lastAttempt) throw failure;
      // Given up for today: tomorrow's run still happens.
      logger.warn({ err: failure.message, companyId: job.companyId, contactId: group.id }, "group summary: provider failed");
    }
  }

  return inTransaction(deps.db as AppDeps["db"], logger, async (tx, after): Promise<SummaryOutcome> => {
    const [claimed] = await tx
      .update(contacts)
      .set({ resumeLastDate: job.date })
      .where(
        inCompany(
          contacts,
          job.companyId,
          and(eq(contacts.id, group.id), or(isNull(contacts.resumeLastDate), lt(contacts.resumeLastDate, job.date))),
        ),
      )
      .returning({ id: contacts.id });
    // Another run of the same day got here first: it sent the summary and scheduled the next one.
    if (!claimed) return "already-done";
    await scheduleGroupSummary(tx, deps.jobs, { companyId: job.companyId, contactId: group.id, time: job.time });
    if (!day) return "empty";
    if (summary === null) return "failed";
    const [, month, dayOfMonth] = job.date.split("-");
    const body = `*Resumo do grupo — ${pad(Number(dayOfMonth))}/${pad(Number(month))}*\n\n${summary}`;
    const message = await queueOutgoingMessage(tx, deps.jobs, { companyId: job.companyId, ticketId: day.ticketId, body, automatic: true });
    after.add(() => emitMessageCreated(deps, job.companyId, message.id));
    after.add(() => emitTicketChanged(deps, job.companyId, day.ticketId));
    return "sent";
  });
}
