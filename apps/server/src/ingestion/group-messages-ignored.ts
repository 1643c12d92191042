import { eq } from "drizzle-orm";
import { SETTING_DEFAULTS } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { settings } from "../db/schema.js";

/**
 * Setting CheckMsgIsGroup: "enabled" means the company ignores group messages (they are not stored, no group
 * ticket appears); "disabled" keeps them as group tickets. The default is "enabled".
 */
export async function groupMessagesIgnored(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(inCompany(settings, companyId, eq(settings.key, "CheckMsgIsGroup")));
  return (row?.value ?? SETTING_DEFAULTS.CheckMsgIsGroup) !== "disabled";
}
