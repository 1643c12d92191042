import { sql } from "drizzle-orm";
import {
  CAMPAIGN_SETTING_KEYS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettingRecord,
  type CampaignSettings,
  type CampaignSettingsData,
} from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { campaignSettings } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

/** The company's campaign settings, each key falling back to the spec's default (administration section 9). */
export async function readCampaignSettings(db: DbOrTx, companyId: number): Promise<CampaignSettings> {
  const rows = await db.select({ key: campaignSettings.key, value: campaignSettings.value }).from(campaignSettings).where(inCompany(campaignSettings, companyId));
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    messageInterval: numberOr(stored.messageInterval, CAMPAIGN_SETTINGS_DEFAULTS.messageInterval),
    longerIntervalAfter: numberOr(stored.longerIntervalAfter, CAMPAIGN_SETTINGS_DEFAULTS.longerIntervalAfter),
    greaterInterval: numberOr(stored.greaterInterval, CAMPAIGN_SETTINGS_DEFAULTS.greaterInterval),
    variables: Array.isArray(stored.variables) ? (stored.variables as CampaignSettings["variables"]) : [],
    optOutWords: Array.isArray(stored.optOutWords) ? (stored.optOutWords as string[]) : CAMPAIGN_SETTINGS_DEFAULTS.optOutWords,
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** GET /campaign-settings: every key as a record, defaults included. */
export function settingRecordsOf(settings: CampaignSettings): CampaignSettingRecord[] {
  return CAMPAIGN_SETTING_KEYS.map((key) => ({ key, value: settings[key] }) as CampaignSettingRecord);
}

/** POST /campaign-settings: the keys sent replace the stored ones (an upsert each); the others stay. */
export async function saveCampaignSettings(
  db: DbOrTx,
  companyId: number,
  input: CampaignSettingsData["settings"],
): Promise<CampaignSettings> {
  const entries = Object.entries(input).filter(([, value]) => value !== undefined);
  if (entries.length > 0) {
    await db
      .insert(campaignSettings)
      .values(entries.map(([key, value]) => ({ companyId, key, value })))
      .onConflictDoUpdate({
        target: [campaignSettings.companyId, campaignSettings.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
  return readCampaignSettings(db, companyId);
}
