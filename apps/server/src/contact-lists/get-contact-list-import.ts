import { eq } from "drizzle-orm";
import type { ContactListImportView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactListImports } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { presentContactListImport } from "./present-contact-list.js";

/** Progress and report of one of the company's list imports (the page reads it when the socket was away). */
export async function getContactListImport(db: DbOrTx, companyId: number, importId: number): Promise<ContactListImportView> {
  const [row] = await db.select().from(contactListImports).where(inCompany(contactListImports, companyId, eq(contactListImports.id, importId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentContactListImport(row);
}
