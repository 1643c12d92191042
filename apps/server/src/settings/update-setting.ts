import { can, isGlobalSettingKey, isSecretSettingKey, isSettingKey, SETTING_SCHEMAS, type SettingEntry } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { settings } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError, validationError } from "../errors.js";
import { inCompany } from "../db/tenant.js";
import { eq } from "drizzle-orm";
import { presentSecretSetting } from "./present-secret-setting.js";
import { sealSettingSecret, settingSecretBox } from "./setting-secret.js";

/**
 * Saves one setting of the caller's company. Global keys and the Integrations secrets are platform-wide: only super
 * users of the platform company write them (on its rows). A secret is sealed with `encryptionKey` (bound to its row)
 * and answered masked; an empty value removes it.
 */
export async function updateSetting(
  db: DbOrTx,
  auth: AuthContext,
  key: string,
  value: string,
  encryptionKey?: Buffer,
): Promise<SettingEntry> {
  if (!isSettingKey(key)) throw new AppError("ERR_NO_SETTING_FOUND", 404);
  if (isGlobalSettingKey(key) && !(can(auth, "settings:global") && auth.isPlatform)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  if (isSecretSettingKey(key) && !(can(auth, "settings:viewSecrets") && auth.isPlatform)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  const parsed = SETTING_SCHEMAS[key].safeParse(value);
  if (!parsed.success) throw validationError([{ path: "body.value", message: "validation.invalid" }]);

  if (isSecretSettingKey(key)) {
    if (!encryptionKey) throw new Error("updateSetting: a secret setting needs the encryption key");
    const plaintext = parsed.data.trim();
    if (plaintext === "") {
      await db.delete(settings).where(inCompany(settings, auth.companyId, eq(settings.key, key)));
      return presentSecretSetting(null, auth.companyId, key, undefined);
    }
    const box = settingSecretBox(encryptionKey);
    const sealed = sealSettingSecret(box, auth.companyId, key, plaintext);
    await upsert(db, auth.companyId, key, sealed);
    return presentSecretSetting(box, auth.companyId, key, sealed);
  }

  await upsert(db, auth.companyId, key, parsed.data);
  return { key, value: parsed.data };
}

async function upsert(db: DbOrTx, companyId: number, key: string, value: string) {
  await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } });
}
