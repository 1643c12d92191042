import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { SCHEDULE_MAX_DELAY_HOURS_DEFAULT, type WhatsAppTemplateView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { Tx } from "../db/client.js";
import { contacts, schedules, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { findOrCreateActiveTicket } from "../ingestion/active-ticket.js";
import type { JobContext } from "../jobs/jobs.js";
import { queueOutgoingMessage } from "../messages/queue-outgoing-message.js";
import { lookUpSendTemplate } from "../message-templates/look-up-send-template.js";
import { outgoingTemplate } from "../message-templates/outgoing-template.js";
import { isCustomerWindowOpen } from "../whatsapp/cloudapi/is-customer-window-open.js";
import { emitMessageCreated, emitTicketChanged } from "../tickets/emit-changes.js";
import { flowTimeZone } from "../tickets/flow/flow-time.js";
import { inTransaction, type AfterCommit } from "../tickets/in-transaction.js";
import { emitSchedule } from "./emit-schedule.js";
import { loadScheduleView } from "./load-schedule-views.js";
import type { ScheduleRow } from "./present-schedule.js";
import { renderScheduleBody } from "./render-schedule-body.js";
import type { SendScheduleJob } from "./schedule-jobs.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime" | "config" | "flow" | "outbound">;
/** The schedule's template as looked up before the transaction (see lookUpSendTemplate), or why it could not be. */
type TemplateLookup = Awaited<ReturnType<typeof lookUpSendTemplate>> | Error;

/** How the outcome of one run is recorded on the row. */
type Outcome = { status: "ENVIADA"; ticketId: number; messageId: number } | { status: "ERRO" | "EXPIRADO"; error: string | null };

async function connectionFor(tx: Tx, row: ScheduleRow) {
  const chosen = row.whatsappId
    ? eq(whatsapps.id, row.whatsappId)
    : // The company's default at send time (the schedule named none, or its connection was deleted).
      eq(whatsapps.isDefault, true);
  const [connection] = await tx.select({ id: whatsapps.id, status: whatsapps.status, provider: whatsapps.provider }).from(whatsapps).where(inCompany(whatsapps, row.companyId, chosen));
  return connection;
}

/** Hands the message to the outbox: the contact's active ticket on the connection (or a new pending one), as the author's. */
async function send(deps: Deps, tx: Tx, after: AfterCommit, row: ScheduleRow, now: Date, template: TemplateLookup): Promise<Outcome> {
  const connection = await connectionFor(tx, row);
  if (!connection) return { status: "ERRO", error: row.whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND" };
  // Logged out or never started: nothing would come of the outbox's retries. Other states (opening, a reconnect after
  // a restart) are left to the outbox, whose retries wait for the connection.
  if (connection.status === "DISCONNECTED") return { status: "ERRO", error: "ERR_WAPP_DISCONNECTED" };
  const [contact] = await tx
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email, isGroup: contacts.isGroup })
    .from(contacts)
    .where(inCompany(contacts, row.companyId, eq(contacts.id, row.contactId)));
  if (!contact) return { status: "ERRO", error: "ERR_NO_CONTACT_FOUND" };
  // Decided before a ticket is opened, so a refusal leaves no empty ticket behind.
  const windowClosed = connection.provider === "cloudapi" && !(await isCustomerWindowOpen(tx, { companyId: row.companyId, whatsappId: connection.id, contactId: contact.id }, now));
  let closed: WhatsAppTemplateView | null = null;
  if (windowClosed) {
    if (!row.templateName) return { status: "ERRO", error: "ERR_TEMPLATE_REQUIRED" };
    // Meta unreachable (a plain error): the job is retried; a refusal ends the schedule.
    if (template instanceof Error && !(template instanceof AppError)) throw template;
    if (!template || template instanceof Error) return { status: "ERRO", error: "ERR_TEMPLATE_NOT_FOUND" };
    closed = template;
  }

  const { ticket } = await findOrCreateActiveTicket(tx, { companyId: row.companyId, contactId: contact.id, whatsappId: connection.id, isGroup: contact.isGroup });
  const fill = (text: string) =>
    renderScheduleBody(text, {
      contactName: contact.name,
      contactNumber: contact.number,
      contactEmail: contact.email,
      ticketId: ticket.id,
      ticketCreatedAt: ticket.createdAt,
      now,
      timeZone: flowTimeZone(),
    });
  // Outside the 24-hour window Meta takes only a template: the schedule's, filled for the contact, without the image.
  const content = closed ? outgoingTemplate(closed, row.templateVariables.map(fill)) : { body: fill(row.body) };
  const media =
    !closed && row.mediaPath
      ? { path: row.mediaPath, name: row.mediaName ?? "imagem", mimetype: row.mediaType ?? "image/jpeg", mediaType: "image" }
      : undefined;
  const message = await queueOutgoingMessage(tx, deps.jobs, { companyId: row.companyId, ticketId: ticket.id, userId: row.userId, ...content, media });
  // Like an agent's message: the bot counts the customer's silence from here (expiresTicket).
  await deps.flow.afterAgentMessage(tx, after, { companyId: row.companyId, ticketId: ticket.id, messageId: message.id });
  after.add(() => emitMessageCreated(deps, row.companyId, message.id));
  after.add(() => emitTicketChanged(deps, row.companyId, ticket.id));
  return { status: "ENVIADA", ticketId: ticket.id, messageId: message.id };
}

/**
 * The `send-schedule` job. One transaction: the row is locked and must still be PENDENTE with the time this job was
 * scheduled for, so a second run (a retry, a duplicate job, an edit that enqueued another) finds it done or moved and
 * does nothing: never sent twice. The outbox message is stored in the same transaction as the row's ENVIADA.
 * A schedule found more than SCHEDULE_MAX_DELAY_HOURS late (the server was down) ends EXPIRADO unsent.
 */
export async function sendScheduledMessage(deps: Deps, logger: FastifyBaseLogger, job: SendScheduleJob, context: JobContext, now = () => new Date()): Promise<void> {
  const maxDelayMs = (deps.config.scheduleMaxDelayHours ?? SCHEDULE_MAX_DELAY_HOURS_DEFAULT) * 3_600_000;
  const settle = (tx: Tx, after: AfterCommit, row: ScheduleRow, outcome: Outcome, at: Date) =>
    tx
      .update(schedules)
      .set(
        outcome.status === "ENVIADA"
          ? { status: "ENVIADA", sentAt: at, error: null, ticketId: outcome.ticketId, messageId: outcome.messageId, updatedAt: at }
          : { status: outcome.status, error: outcome.error, updatedAt: at },
      )
      .where(eq(schedules.id, row.id))
      .then(() => after.add(() => publish(deps, row.companyId, row.id)));

  const run = async () => {
    // Needed only when the window is closed: a failure is kept, not thrown, so an open window still sends the text.
    const template = await scheduleTemplateOf(deps, job).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    await inTransaction(deps.db, logger, async (tx, after) => {
      const [row] = await tx
        .select()
        .from(schedules)
        .where(inCompany(schedules, job.companyId, eq(schedules.id, job.scheduleId)))
        .for("update");
      if (!row || row.status !== "PENDENTE" || row.sendAt.getTime() !== Date.parse(job.sendAt)) return;
      const at = now();
      if (at.getTime() - row.sendAt.getTime() > maxDelayMs) return settle(tx, after, row, { status: "EXPIRADO", error: null }, at);
      return settle(tx, after, row, await send(deps, tx, after, row, at, template), at);
    });
  };

  // pg-boss may start a job a few milliseconds before its time (its clock, rounded start): a schedule never goes early.
  const early = Date.parse(job.sendAt) - now().getTime();
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(early, 5_000)));
  try {
    await run();
  } catch (err) {
    if (!context.lastAttempt) throw err;
    // Out of retries: the schedule says it failed instead of waiting forever.
    logger.error({ err, scheduleId: job.scheduleId }, "schedule: send failed");
    await inTransaction(deps.db, logger, async (tx, after) => {
      const [row] = await tx
        .select()
        .from(schedules)
        .where(inCompany(schedules, job.companyId, eq(schedules.id, job.scheduleId)))
        .for("update");
      if (!row || row.status !== "PENDENTE" || row.sendAt.getTime() !== Date.parse(job.sendAt)) return;
      await settle(tx, after, row, { status: "ERRO", error: "ERR_SENDING_WAPP_MSG" }, now());
    });
  }
}

/** The schedule's Cloud API template, looked up before the send's transaction (from the connection's cached list). */
async function scheduleTemplateOf(deps: Deps, job: SendScheduleJob): Promise<TemplateLookup> {
  const [row] = await deps.db
    .select({ whatsappId: schedules.whatsappId, templateName: schedules.templateName, templateLanguage: schedules.templateLanguage, templateVariables: schedules.templateVariables })
    .from(schedules)
    .where(inCompany(schedules, job.companyId, eq(schedules.id, job.scheduleId), eq(schedules.status, "PENDENTE")));
  if (!row?.templateName) return null;
  return lookUpSendTemplate({ db: deps.db, outbound: deps.outbound, config: deps.config }, job.companyId, row.whatsappId, row);
}

async function publish(deps: Deps, companyId: number, id: number): Promise<void> {
  const schedule = await loadScheduleView(deps.db, companyId, id);
  if (schedule) emitSchedule(deps.realtime, companyId, { action: "update", schedule });
}
