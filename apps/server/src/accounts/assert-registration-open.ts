import type { DbOrTx } from "../db/client.js";
import { AppError } from "../errors.js";
import { getGlobalSettingUnscoped } from "../settings/list-settings.js";

/** The public signup works only while the global setting allowregister is enabled: 403 ERR_REGISTRATION_DISABLED. */
export async function assertRegistrationOpen(db: DbOrTx): Promise<void> {
  if ((await getGlobalSettingUnscoped(db, "allowregister")) !== "enabled") throw new AppError("ERR_REGISTRATION_DISABLED", 403);
}
