import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import type { Tx } from "../db/client.js";
import { campaignOptOuts, campaigns, campaignShippings, contacts, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { listFileListMedia } from "../files/list-file-list-media.js";
import { findOrCreateActiveTicket } from "../ingestion/active-ticket.js";
import { upsertPersonContact } from "../ingestion/resolve-contact.js";
import type { JobContext } from "../jobs/jobs.js";
import { queueOutgoingMessage } from "../messages/queue-outgoing-message.js";
import { lookUpSendTemplate } from "../message-templates/look-up-send-template.js";
import { outgoingTemplate } from "../message-templates/outgoing-template.js";
import { isCustomerWindowOpen } from "../whatsapp/cloudapi/is-customer-window-open.js";
import { emitMessageCreated, emitTicketChanged } from "../tickets/emit-changes.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { readCampaignSettings } from "./campaign-settings.js";
import { CAMPAIGN_DELIVER_JOB, type CampaignDeliverJob } from "./campaign-jobs.js";
import { emitCampaign, emitCampaignProgress } from "./emit-campaign.js";
import { finishCampaignIfDone } from "./finish-campaign.js";
import { pickVariant, renderCampaignMessage } from "./render-campaign-message.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime" | "outbound" | "config">;
/**
 * The campaign's template as looked up before the transaction (see lookUpSendTemplate), or why it could not be: only
 * a contact outside the window needs it, so Meta being unreachable does not hold back the others.
 */
type TemplateLookup = Awaited<ReturnType<typeof lookUpSendTemplate>> | Error;
type Shipping = typeof campaignShippings.$inferSelect;
type Campaign = typeof campaigns.$inferSelect;

/** How a stored file travels: images, audio and video as themselves, anything else as a document. */
function mediaKindOf(mimetype: string): string {
  const kind = mimetype.split("/")[0];
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "application";
}

/**
 * The `campaign-deliver` job: one contact's confirmation request or campaign message, at its due time.
 * Everything happens in one transaction holding the shipping row: the contact and its ticket on the campaign's
 * connection are found or created (as for the external API), the text goes to the outbox, and the row becomes
 * `awaiting-confirmation` or `delivered` with the message. A retry, a restart, a second process or a stale job
 * finds the row moved on (or another due time) and sends nothing: the outbox then sends each message once.
 */
export async function deliverCampaignShipping(deps: Deps, logger: FastifyBaseLogger, job: CampaignDeliverJob, context: JobContext): Promise<void> {
  let campaignId: number | null = null;
  let finalStatus = false;
  try {
    const template = await campaignTemplateOf(deps, job).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    const outcome = await inTransaction(deps.db, logger, (tx, after) => deliverInTransaction(deps, tx, after, job, template));
    campaignId = outcome.campaignId;
    finalStatus = outcome.changed;
  } catch (err) {
    // A refusal that a retry cannot change (no connection), or the last attempt: the contact is counted as failed
    // with the reason, never dropped silently.
    const permanent = err instanceof AppError;
    if (!permanent && !context.lastAttempt) throw err;
    const reason = err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG";
    logger.warn({ err, shippingId: job.shippingId }, "campaign delivery failed");
    const failed = await deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(campaignShippings)
        .where(inCompany(campaignShippings, job.companyId, eq(campaignShippings.id, job.shippingId), inArray(campaignShippings.status, ["pending", "confirmed"])))
        .for("update");
      if (!before || before.dueAt?.toISOString() !== job.dueAt) return null;
      await tx.update(campaignShippings).set({ status: "failed", failureReason: reason, updatedAt: new Date() }).where(eq(campaignShippings.id, before.id));
      if (before.status === "pending") await queueNextShipping(deps, tx, before);
      return before;
    });
    campaignId = failed?.campaignId ?? null;
    finalStatus = Boolean(failed);
  }
  if (campaignId === null) return;
  // After the commit (see finish-campaign.ts); also on a stale or repeated job, which may follow a crash here.
  if (await finishCampaignIfDone(deps.db, job.companyId, campaignId)) await emitCampaign(deps, job.companyId, campaignId);
  else if (finalStatus) emitCampaignProgress(deps, job.companyId, campaignId);
}

async function deliverInTransaction(
  deps: Deps,
  tx: Tx,
  after: { add(task: () => Promise<void> | void): void },
  job: CampaignDeliverJob,
  template: TemplateLookup,
): Promise<{ campaignId: number | null; changed: boolean }> {
  const { companyId } = job;
  const [shipping] = await tx
    .select()
    .from(campaignShippings)
    .where(inCompany(campaignShippings, companyId, eq(campaignShippings.id, job.shippingId)))
    .for("update");
  if (!shipping) return { campaignId: null, changed: false };
  const stale = shipping.dueAt?.toISOString() !== job.dueAt || (shipping.status !== "pending" && shipping.status !== "confirmed");
  if (stale) return { campaignId: shipping.campaignId, changed: false };
  // Shared lock: a cancel waits for this delivery, and no delivery starts after the cancel commits.
  const [campaign] = await tx
    .select()
    .from(campaigns)
    .where(inCompany(campaigns, companyId, eq(campaigns.id, shipping.campaignId)))
    .for("share");
  if (!campaign || campaign.status !== "EM_ANDAMENTO") return { campaignId: null, changed: false };

  const [optOut] = await tx
    .select({ id: campaignOptOuts.id })
    .from(campaignOptOuts)
    .where(inCompany(campaignOptOuts, companyId, eq(campaignOptOuts.number, shipping.number)));
  if (optOut) {
    await tx.update(campaignShippings).set({ status: "opted-out", updatedAt: new Date() }).where(eq(campaignShippings.id, shipping.id));
    await queueNextShipping(deps, tx, shipping);
    return { campaignId: campaign.id, changed: true };
  }

  const connection = await connectionOf(tx, campaign);
  const whatsappId = connection.id;
  const contact = await contactOf(tx, companyId, whatsappId, shipping);
  const { ticket } = await findOrCreateActiveTicket(tx, { companyId, contactId: contact.id, whatsappId, isGroup: false });
  const settings = await readCampaignSettings(tx, companyId);
  const recipient = { name: shipping.name || contact.name, number: shipping.number, email: shipping.email || contact.email };
  const common = { companyId, ticketId: ticket.id, userId: null, automatic: true };
  const queued: number[] = [];
  const now = new Date();
  const windowClosed = connection.provider === "cloudapi" && !(await isCustomerWindowOpen(tx, { companyId, whatsappId, contactId: contact.id }, now));

  if (windowClosed) {
    // Outside the 24-hour window Meta takes only a template. It stands for the first message: the confirmation
    // request (the customer's answer opens the window for the campaign message) or the message itself; the
    // campaign's file and file list, free-form too, are not sent.
    if (!campaign.templateName) throw new AppError("ERR_TEMPLATE_REQUIRED", 400);
    // A refusal (AppError) fails this contact; Meta unreachable (a plain error) retries the job.
    if (template instanceof Error) throw template;
    if (!template) throw new AppError("ERR_TEMPLATE_NOT_FOUND", 400);
    const filled = campaign.templateVariables.map((text) => renderCampaignMessage(text, recipient, settings.variables));
    const message = await queueOutgoingMessage(tx, deps.jobs, { ...common, ...outgoingTemplate(template, filled) });
    queued.push(message.id);
    const asConfirmation = campaign.confirmation && shipping.status === "pending";
    await tx
      .update(campaignShippings)
      .set(
        asConfirmation
          ? { status: "awaiting-confirmation", confirmationRequestedAt: now, contactId: contact.id, ticketId: ticket.id, updatedAt: now }
          : { status: "delivered", deliveredAt: now, messageId: message.id, contactId: contact.id, ticketId: ticket.id, updatedAt: now },
      )
      .where(eq(campaignShippings.id, shipping.id));
  } else if (campaign.confirmation && shipping.status === "pending") {
    const text = pickVariant([
      campaign.confirmationMessage1,
      campaign.confirmationMessage2,
      campaign.confirmationMessage3,
      campaign.confirmationMessage4,
      campaign.confirmationMessage5,
    ]);
    if (text === null) throw new AppError("ERR_VALIDATION", 400, { field: "confirmationMessage1" });
    const message = await queueOutgoingMessage(tx, deps.jobs, { ...common, body: renderCampaignMessage(text, recipient, settings.variables) });
    queued.push(message.id);
    await tx
      .update(campaignShippings)
      .set({ status: "awaiting-confirmation", confirmationRequestedAt: now, contactId: contact.id, ticketId: ticket.id, updatedAt: now })
      .where(eq(campaignShippings.id, shipping.id));
  } else {
    const text = pickVariant([campaign.message1, campaign.message2, campaign.message3, campaign.message4, campaign.message5]);
    if (text === null) throw new AppError("ERR_VALIDATION", 400, { field: "message1" });
    const body = renderCampaignMessage(text, recipient, settings.variables);
    const media =
      campaign.mediaPath && campaign.mediaName
        ? { path: campaign.mediaPath, name: campaign.mediaName, mimetype: campaign.mediaType ?? "application/octet-stream", mediaType: mediaKindOf(campaign.mediaType ?? "") }
        : undefined;
    const message = await queueOutgoingMessage(tx, deps.jobs, { ...common, body, ...(media ? { media } : {}) });
    queued.push(message.id);
    // The file list's files follow the message (administration section 3, File list).
    if (campaign.fileListId !== null) {
      for (const file of await listFileListMedia(tx, companyId, campaign.fileListId)) {
        const row = await queueOutgoingMessage(tx, deps.jobs, {
          ...common,
          body: "",
          media: { path: file.path, name: file.name, mimetype: file.mimetype, mediaType: mediaKindOf(file.mimetype) },
        });
        queued.push(row.id);
      }
    }
    await tx
      .update(campaignShippings)
      .set({ status: "delivered", deliveredAt: now, messageId: message.id, contactId: contact.id, ticketId: ticket.id, updatedAt: now })
      .where(eq(campaignShippings.id, shipping.id));
  }
  if (shipping.status === "pending") await queueNextShipping(deps, tx, shipping);
  for (const id of queued) after.add(() => emitMessageCreated(deps, companyId, id));
  after.add(() => emitTicketChanged(deps, companyId, ticket.id));
  return { campaignId: campaign.id, changed: true };
}

/** The campaign's connection, else the company's default (ERR_NO_DEF_WAPP_FOUND: counted as the failure's reason). */
async function connectionOf(tx: Tx, campaign: Campaign): Promise<{ id: number; provider: string }> {
  const condition = campaign.whatsappId !== null ? eq(whatsapps.id, campaign.whatsappId) : eq(whatsapps.isDefault, true);
  const [row] = await tx.select({ id: whatsapps.id, provider: whatsapps.provider }).from(whatsapps).where(inCompany(whatsapps, campaign.companyId, condition));
  if (!row) throw new AppError(campaign.whatsappId !== null ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND", 404);
  return row;
}

/**
 * The campaign's Cloud API template, looked up before the delivery's transaction (from the connection's cached
 * list). Only a pending or confirmed shipping of a campaign with a template asks; a stale job reads one row.
 */
async function campaignTemplateOf(deps: Deps, job: CampaignDeliverJob): Promise<TemplateLookup> {
  const [row] = await deps.db
    .select({ whatsappId: campaigns.whatsappId, templateName: campaigns.templateName, templateLanguage: campaigns.templateLanguage, templateVariables: campaigns.templateVariables })
    .from(campaignShippings)
    .innerJoin(campaigns, eq(campaigns.id, campaignShippings.campaignId))
    .where(inCompany(campaignShippings, job.companyId, eq(campaignShippings.id, job.shippingId), inArray(campaignShippings.status, ["pending", "confirmed"])));
  if (!row?.templateName) return null;
  return lookUpSendTemplate({ db: deps.db, outbound: deps.outbound, config: deps.config }, job.companyId, row.whatsappId, row);
}

/** The contact of a tag audience as it is; a list item's number found or created like a customer's (its name kept). */
async function contactOf(tx: Tx, companyId: number, whatsappId: number, shipping: Shipping) {
  if (shipping.contactId !== null) {
    const [row] = await tx.select().from(contacts).where(inCompany(contacts, companyId, and(eq(contacts.id, shipping.contactId))));
    if (row) return row;
  }
  return upsertPersonContact(tx, companyId, whatsappId, { number: shipping.number, pushName: shipping.name });
}

/**
 * The chain of a dispatch: the transaction that serves a pending row queues the job of the next pending row (by
 * sequence) for its due time. Only the transaction that moved the row does it, so a repeated or stale job adds no
 * second chain.
 */
async function queueNextShipping(deps: Deps, tx: Tx, shipping: Shipping): Promise<void> {
  const [next] = await tx
    .select({ id: campaignShippings.id, dueAt: campaignShippings.dueAt })
    .from(campaignShippings)
    .where(
      inCompany(
        campaignShippings,
        shipping.companyId,
        eq(campaignShippings.campaignId, shipping.campaignId),
        eq(campaignShippings.status, "pending"),
        gt(campaignShippings.sequence, shipping.sequence),
      ),
    )
    .orderBy(asc(campaignShippings.sequence))
    .limit(1);
  if (!next?.dueAt) return;
  await deps.jobs.enqueue<CampaignDeliverJob>(
    CAMPAIGN_DELIVER_JOB,
    { companyId: shipping.companyId, shippingId: next.id, dueAt: next.dueAt.toISOString() },
    { tx, startAfterSeconds: Math.max(0, (next.dueAt.getTime() - Date.now()) / 1000) },
  );
}
