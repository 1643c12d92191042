import { asc, ilike, or } from "drizzle-orm";
import type { QuickMessageView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { visibleTo } from "./find-quick-message.js";
import { presentQuickMessage } from "./present-quick-message.js";

/** The company's general quick messages plus the caller's own, by shortcode; searched by shortcode or text. */
export async function listQuickMessages(db: DbOrTx, auth: AuthContext, searchParam?: string): Promise<QuickMessageView[]> {
  const term = searchParam?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const rows = await db
    .select()
    .from(quickMessages)
    .where(
      inCompany(
        quickMessages,
        auth.companyId,
        visibleTo(auth),
        pattern ? or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)) : undefined,
      ),
    )
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return rows.map(presentQuickMessage);
}
