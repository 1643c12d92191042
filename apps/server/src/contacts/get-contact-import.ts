import { eq } from "drizzle-orm";
import type { ContactImportView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { contactImports } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { presentContactImport } from "./present-contact.js";

/** Progress and report of one of the company's imports (the page polls it when the socket is away). */
export async function getContactImport(db: DbOrTx, companyId: number, importId: number): Promise<ContactImportView> {
  const [row] = await db.select().from(contactImports).where(inCompany(contactImports, companyId, eq(contactImports.id, importId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentContactImport(row);
}
