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
import { presentSecretSetting } from "./present-secret-setting.js";
import { settingSecretBox } from "./setting-secret.js";

/**
 * Every setting of a company, stored value or default. Global keys appear only for the platform company (they are
 * stored there). The super Integrations secrets only for the platform company and when `includeSecrets` (a super
 * user), and then masked (present-secret-setting.ts): the value itself never leaves the server.
 */
export async function listSettings(
  db: DbOrTx,
  companyId: number,
  opts: { includeSecrets: boolean; isPlatform: boolean; encryptionKey?: Buffer },
): Promise<SettingEntry[]> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inCompany(settings, companyId));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const box = opts.encryptionKey ? settingSecretBox(opts.encryptionKey) : null;
  const showSecrets = opts.includeSecrets && opts.isPlatform;
  return SETTING_KEYS.filter((key) => (opts.isPlatform || !isGlobalSettingKey(key)) && (showSecrets || !isSecretSettingKey(key))).map(
    (key): SettingEntry =>
      isSecretSettingKey(key)
        ? presentSecretSetting(box, companyId, key, stored.get(key))
        : { key, value: stored.get(key) ?? SETTING_DEFAULTS[key] },
  );
}

/** A global setting (allowregister, viewregister, trial, …): unscoped by design, it is the platform company's row. */
export async function getGlobalSettingUnscoped(db: DbOrTx, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .innerJoin(companies, eq(companies.id, settings.companyId))
    .where(and(eq(companies.isPlatform, true), eq(settings.key, key)))
    .limit(1);
  return row?.value ?? SETTING_DEFAULTS[key];
}
