import { and, eq, inArray, not, like } from "drizzle-orm";
import { SECRET_SETTING_KEYS } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { companies, settings } from "../db/schema.js";
import { sealSettingSecret, settingSecretBox } from "./setting-secret.js";

/**
 * Run at start: integration secrets written before they were encrypted and platform-wide. A plaintext value on the
 * platform company is sealed in place; a value on any other company (the keys were once per company) was never read
 * by anything and is deleted, so no plaintext credential stays at rest. Unscoped by design: it sweeps every company.
 */
export async function sealLegacySettingSecretsUnscoped(db: Db, encryptionKey: Buffer): Promise<void> {
  const rows = await db
    .select({ id: settings.id, companyId: settings.companyId, key: settings.key, value: settings.value, isPlatform: companies.isPlatform })
    .from(settings)
    .innerJoin(companies, eq(companies.id, settings.companyId))
    .where(and(inArray(settings.key, [...SECRET_SETTING_KEYS]), not(like(settings.value, "enc:%"))));
  if (rows.length === 0) return;
  const box = settingSecretBox(encryptionKey);
  for (const row of rows) {
    if (!row.isPlatform || row.value === "") {
      await db.delete(settings).where(eq(settings.id, row.id));
    } else {
      await db.update(settings).set({ value: sealSettingSecret(box, row.companyId, row.key, row.value) }).where(eq(settings.id, row.id));
    }
  }
}
