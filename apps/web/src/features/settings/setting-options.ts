import type { TFunction } from "i18next";
import { SETTING_SCHEMAS, type SettingKey } from "@atendo/shared";

/** The allowed values of a select setting (from the shared schemas), or null for a free-text setting. */
export function settingChoices(key: SettingKey): readonly string[] | null {
  const schema = SETTING_SCHEMAS[key];
  return "options" in schema ? (schema.options as readonly string[]) : null;
}

export function choiceLabel(key: SettingKey, value: string, t: TFunction): string {
  if (key === "trial") return t("settings.trialDays", { count: Number(value) });
  return t(`settings.options.${value}`, { defaultValue: value });
}
