import { eq, or } from "drizzle-orm";
import { can } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";

export type QuickMessageRow = typeof quickMessages.$inferSelect;

/** What a user sees: the company's general messages and their own. Someone else's personal messages do not exist for them. */
export const visibleTo = (auth: AuthContext) => or(eq(quickMessages.geral, true), eq(quickMessages.userId, auth.userId));

/** A quick message the caller can see; 404 otherwise (another company's, or a colleague's personal one). */
export async function findQuickMessage(db: DbOrTx, auth: AuthContext, id: number): Promise<QuickMessageRow> {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(inCompany(quickMessages, auth.companyId, eq(quickMessages.id, id), visibleTo(auth)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/**
 * A quick message the caller may change: admins and supervisors any they see; a user only their own personal ones
 * (administration section 6).
 */
export async function findEditableQuickMessage(db: DbOrTx, auth: AuthContext, id: number): Promise<QuickMessageRow> {
  const row = await findQuickMessage(db, auth, id);
  const own = row.userId === auth.userId && !row.geral;
  if (!own && !can(auth, "quick-messages:editAny")) throw new AppError("ERR_NO_PERMISSION", 403);
  return row;
}
