import { and, asc, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { companyEvent, type ContactListItemEventPayload } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { contactListItems, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { JobContext } from "../jobs/jobs.js";
import { presentContactListItem } from "./present-contact-list.js";

export const CONTACT_LIST_CHECK_JOB = "contact-lists.check-numbers";
export interface ContactListCheckJob {
  companyId: number;
  contactListId: number;
  /** Only these items (an item added or edited); without it every unchecked item of the list (after an import). */
  itemIds?: number[];
}

/** Items asked per query; each is asked of the provider one at a time. */
const BATCH = 50;
/** A connection that fails this many numbers in a row has stopped answering: the rest stay unchecked. */
const MAX_FAILURES_IN_A_ROW = 3;

/** The connection to ask: the company's default when connected, otherwise any connected one; null when none is. */
async function connectedWhatsapp(deps: Pick<AppDeps, "db">, companyId: number): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(inCompany(whatsapps, companyId, eq(whatsapps.status, "CONNECTED")))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The WhatsApp-valid flag of list items, from a real number check on a connected connection (the provider's
 * `checkNumber`; the simulator answers for its own numbers). Runs as a job after an item is saved or a list imported,
 * never on the request. Without a connected connection, or when the provider cannot tell, the flag stays null
 * ("not checked"): nobody is marked invalid unasked. Each answer is saved and sent as an item `update` at once.
 */
export async function checkListNumbers(
  deps: Pick<AppDeps, "db" | "sessions" | "realtime">,
  job: ContactListCheckJob,
  context: JobContext,
): Promise<{ checked: number }> {
  const { companyId, contactListId } = job;
  const whatsappId = await connectedWhatsapp(deps, companyId);
  if (whatsappId === null) return { checked: 0 };

  let checked = 0;
  let failuresInARow = 0;
  let afterId = 0;
  for (;;) {
    context.signal.throwIfAborted();
    const batch = await deps.db
      .select()
      .from(contactListItems)
      .where(
        inCompany(
          contactListItems,
          companyId,
          and(
            eq(contactListItems.contactListId, contactListId),
            gt(contactListItems.id, afterId),
            job.itemIds ? inArray(contactListItems.id, job.itemIds) : isNull(contactListItems.isWhatsappValid),
          ),
        ),
      )
      .orderBy(asc(contactListItems.id))
      .limit(BATCH);
    if (batch.length === 0) return { checked };
    for (const item of batch) {
      afterId = item.id;
      let exists: boolean;
      try {
        ({ exists } = await deps.sessions.call(whatsappId, "checkNumber", item.number));
        failuresInARow = 0;
      } catch {
        if (++failuresInARow >= MAX_FAILURES_IN_A_ROW) return { checked };
        continue;
      }
      // Only while the number is still the one asked about (an edit meanwhile queues its own check).
      const [saved] = await deps.db
        .update(contactListItems)
        .set({ isWhatsappValid: exists, updatedAt: new Date() })
        .where(inCompany(contactListItems, companyId, and(eq(contactListItems.id, item.id), eq(contactListItems.number, item.number))))
        .returning();
      if (!saved) continue;
      checked++;
      deps.realtime.toCompany(companyId, companyEvent.contactListItem(companyId), {
        action: "update",
        record: presentContactListItem(saved),
      } satisfies ContactListItemEventPayload);
    }
  }
}
