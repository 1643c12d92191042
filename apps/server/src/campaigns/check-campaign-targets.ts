import { eq } from "drizzle-orm";
import type { CampaignData } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactLists, files, tags, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { validationError } from "../errors.js";

/** The connection, list, tag and file list named must be the company's: another company's id is a field error. */
export async function checkCampaignTargets(db: DbOrTx, companyId: number, input: CampaignData): Promise<void> {
  const refs = [
    ["whatsappId", whatsapps, input.whatsappId],
    ["contactListId", contactLists, input.contactListId],
    ["tagListId", tags, input.tagListId],
    ["fileListId", files, input.fileListId],
  ] as const;
  const missing: string[] = [];
  for (const [field, table, id] of refs) {
    if (id === null) continue;
    const [row] = await db.select({ id: table.id }).from(table).where(inCompany(table, companyId, eq(table.id, id)));
    if (!row) missing.push(field);
  }
  if (missing.length > 0) throw validationError(missing.map((field) => ({ path: `body.${field}`, message: "validation.invalid" })));
}

/**
 * A campaign about to be scheduled needs something to say and someone to say it to: a message variant, an audience
 * (a contact list or a tag) and, with confirmation on, a confirmation variant.
 */
export function checkCampaignReady(input: CampaignData): void {
  const fields: { path: string; message: string }[] = [];
  const messages = [input.message1, input.message2, input.message3, input.message4, input.message5];
  if (messages.every((m) => m === null)) fields.push({ path: "body.message1", message: "validation.required" });
  if (input.contactListId === null && input.tagListId === null) fields.push({ path: "body.contactListId", message: "validation.required" });
  const confirmations = [input.confirmationMessage1, input.confirmationMessage2, input.confirmationMessage3, input.confirmationMessage4, input.confirmationMessage5];
  if (input.confirmation && confirmations.every((m) => m === null)) fields.push({ path: "body.confirmationMessage1", message: "validation.required" });
  if (fields.length > 0) throw validationError(fields);
}
