import { eq } from "drizzle-orm";
import type { ContactListItemUpdateData, ContactListItemView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { contactListItems } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { conflict } from "../errors.js";
import { findContactListItem } from "./find-contact-list.js";
import { presentContactListItem } from "./present-contact-list.js";
import { CONTACT_LIST_CHECK_JOB, type ContactListCheckJob } from "./check-list-numbers.js";
import { LIST_NUMBER_KEY, listItemNumber } from "./create-contact-list-item.js";

/**
 * Changes an item's name, number and e-mail; it stays in its list (a `contactListId` in the body is ignored). A new
 * number forgets the old WhatsApp check and queues a new one; a number already in the list is ERR_DUPLICATED_CONTACT.
 */
export async function updateContactListItem(
  deps: Pick<AppDeps, "db" | "jobs">,
  companyId: number,
  id: number,
  input: ContactListItemUpdateData,
): Promise<ContactListItemView> {
  const current = await findContactListItem(deps.db, companyId, id);
  const number = listItemNumber(input.number);
  const numberChanged = number !== current.number;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(contactListItems)
        .set({
          name: input.name,
          number,
          email: input.email,
          ...(numberChanged ? { isWhatsappValid: null } : {}),
          updatedAt: new Date(),
        })
        .where(inCompany(contactListItems, companyId, eq(contactListItems.id, id)))
        .returning();
      if (saved && numberChanged) {
        await deps.jobs.enqueue<ContactListCheckJob>(
          CONTACT_LIST_CHECK_JOB,
          { companyId, contactListId: saved.contactListId, itemIds: [saved.id] },
          { tx },
        );
      }
      return saved;
    });
    // Deleted between the read and the write.
    if (!row) return presentContactListItem((await findContactListItem(deps.db, companyId, id)));
    return presentContactListItem(row);
  } catch (err) {
    if (isUniqueViolation(err, LIST_NUMBER_KEY)) throw conflict("ERR_DUPLICATED_CONTACT");
    throw err;
  }
}
