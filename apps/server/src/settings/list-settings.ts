import { and, eq } from "drizzle-orm";
import {
  isGlobalSettingKey,
  isSecretSettingKey,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type SettingEntry,
  type SettingKey,
} from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { companies, settings } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/**
 * Every setting of a company, stored value or default. Global keys appear only for the platform company
 * (they are stored there); secrets only when the caller may see them.
 */
export async function listSettings(
  db: DbOrTx,
  companyId: number,
  opts: { includeSecrets: boolean; isPlatform: boolean },
): Promise<SettingEntry[]> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inCompany(settings, companyId));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return SETTING_KEYS.filter((key) => (opts.isPlatform || !isGlobalSettingKey(key)) && (opts.includeSecrets || !isSecretSettingKey(key))).map(
    (key) => ({ key, value: stored.get(key) ?? SETTING_DEFAULTS[key] }),
  );
}

/** A global setting (allowregister, viewregister, trial): unscoped by design, it is the platform company's row. */
export async function getGlobalSettingUnscoped(db: DbOrTx, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .innerJoin(companies, eq(companies.id, settings.companyId))
    .where(and(eq(companies.isPlatform, true), eq(settings.key, key)))
    .limit(1);
  return row?.value ?? SETTING_DEFAULTS[key];
}
