import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.js";
import { whatsapps } from "../../db/schema.js";
import { createCompany } from "../../test/helpers.js";

/** Tests only: a company of its own with one Baileys connection row. */
export async function createTestConnection(db: Db) {
  const company = await createCompany(db);
  const [whatsapp] = await db
    .insert(whatsapps)
    .values({ companyId: company.id, name: `Baileys ${randomBytes(4).toString("hex")}`, provider: "beta" })
    .returning();
  return { company, whatsapp: whatsapp! };
}
