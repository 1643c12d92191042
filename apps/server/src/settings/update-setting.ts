import { can, isGlobalSettingKey, isSecretSettingKey, isSettingKey, SETTING_SCHEMAS, type SettingEntry } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { settings } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError, validationError } from "../errors.js";

/** Saves one setting of the caller's company; global keys only by super users, on the platform company. */
export async function updateSetting(db: DbOrTx, auth: AuthContext, key: string, value: string): Promise<SettingEntry> {
  if (!isSettingKey(key)) throw new AppError("ERR_NO_SETTING_FOUND", 404);
  if (isGlobalSettingKey(key) && !(can(auth, "settings:global") && auth.isPlatform)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  if (isSecretSettingKey(key) && !can(auth, "settings:viewSecrets")) throw new AppError("ERR_NO_PERMISSION", 403);
  const parsed = SETTING_SCHEMAS[key].safeParse(value);
  if (!parsed.success) throw validationError([{ path: "body.value", message: "validation.invalid" }]);
  await db
    .insert(settings)
    .values({ companyId: auth.companyId, key, value: parsed.data })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: parsed.data, updatedAt: new Date() } });
  return { key, value: parsed.data };
}
