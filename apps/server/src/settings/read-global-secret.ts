import { and, asc, eq } from "drizzle-orm";
import type { Config } from "../config.js";
import type { DbOrTx } from "../db/client.js";
import { companies, settings } from "../db/schema.js";
import { openSettingSecret, settingSecretBox, type SecretSettingKey } from "./setting-secret.js";

/**
 * The decrypted value of a super Integrations secret (asaas, ipixc, …), stored on the platform company, or null when
 * none is set. For server-side use only (billing, integrations): never put the result in an answer.
 * Unscoped by design: these are platform-wide credentials, the platform company's rows.
 * Throws SecretBoxError when the stored value does not decrypt (another key, altered, copied from another row).
 */
export async function readGlobalSecret(
  db: DbOrTx,
  config: Pick<Config, "whatsappEncryptionKey">,
  key: SecretSettingKey,
): Promise<string | null> {
  const [row] = await db
    .select({ companyId: settings.companyId, value: settings.value })
    .from(settings)
    .innerJoin(companies, eq(companies.id, settings.companyId))
    .where(and(eq(companies.isPlatform, true), eq(settings.key, key)))
    // One platform company in practice; the oldest wins if a database ever holds more (tests).
    .orderBy(asc(companies.id))
    .limit(1);
  if (!row || row.value === "") return null;
  const value = openSettingSecret(settingSecretBox(config.whatsappEncryptionKey), row.companyId, key, row.value);
  return value === "" ? null : value;
}
