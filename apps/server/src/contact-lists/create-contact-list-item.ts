import { normalizeNumber, type ContactListItemCreateData, type ContactListItemView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { contactListItems } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { conflict, validationError } from "../errors.js";
import { findContactList } from "./find-contact-list.js";
import { presentContactListItem } from "./present-contact-list.js";
import { CONTACT_LIST_CHECK_JOB, type ContactListCheckJob } from "./check-list-numbers.js";

/** The number as stored: canonical E.164 digits, so "(11) 8765-4321" and "5511987654321" are one entry of a list. */
export function listItemNumber(typed: string): string {
  const normalized = normalizeNumber(typed);
  if (!normalized.valid) throw validationError([{ path: "body.number", message: "validation.invalidNumber" }]);
  return normalized.canonical;
}

export const LIST_NUMBER_KEY = "contact_list_items_list_number_key";

/**
 * Adds a person to one of the company's lists; a number already in the list is ERR_DUPLICATED_CONTACT (409). The
 * item and the job that checks its number on WhatsApp are written together.
 */
export async function createContactListItem(
  deps: Pick<AppDeps, "db" | "jobs">,
  companyId: number,
  input: ContactListItemCreateData,
): Promise<ContactListItemView> {
  const list = await findContactList(deps.db, companyId, input.contactListId);
  const number = listItemNumber(input.number);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(contactListItems)
        .values({ companyId, contactListId: list.id, name: input.name, number, email: input.email })
        .returning();
      await deps.jobs.enqueue<ContactListCheckJob>(CONTACT_LIST_CHECK_JOB, { companyId, contactListId: list.id, itemIds: [created!.id] }, { tx });
      return created!;
    });
    return presentContactListItem(row);
  } catch (err) {
    if (isUniqueViolation(err, LIST_NUMBER_KEY)) throw conflict("ERR_DUPLICATED_CONTACT");
    throw err;
  }
}
