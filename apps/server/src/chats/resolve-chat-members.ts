import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { validationError } from "../errors.js";

/**
 * The members a chat will have: the users asked for plus the owner, who always belongs. A user id that is not of
 * the caller's company is refused as a field error (never revealing whether it exists elsewhere).
 */
export async function resolveChatMembers(db: DbOrTx, companyId: number, ownerId: number, requested: number[]): Promise<number[]> {
  const wanted = [...new Set([ownerId, ...requested])];
  const found = await db.select({ id: users.id }).from(users).where(inCompany(users, companyId, inArray(users.id, wanted)));
  if (found.length !== wanted.length) throw validationError([{ path: "body.users", message: "validation.invalid" }]);
  return wanted;
}
