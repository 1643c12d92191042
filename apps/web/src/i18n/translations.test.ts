import { describe, expect, it } from "vitest";
import { ERROR_CODES, LANGUAGES, VALIDATION_MESSAGE_KEYS } from "@atendo/shared";
import { translations, type TranslationTree } from "./resources.js";
import { i18n } from "./index.js";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: TranslationTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

describe("translations", () => {
  const keysByLanguage = Object.fromEntries(LANGUAGES.map((lng) => [lng, flatten(translations[lng])]));
  // Plural forms differ per language (pt has "many"); compare their base keys.
  const baseKeys = (lng: string) => new Set((keysByLanguage[lng] ?? []).map((key) => key.replace(PLURAL_SUFFIX, "")));

  it.each(LANGUAGES)("%s has every key that any other language has", (lng) => {
    const own = baseKeys(lng);
    const all = new Set(LANGUAGES.flatMap((other) => [...baseKeys(other)]));
    expect([...all].filter((key) => !own.has(key))).toEqual([]);
  });

  it.each(LANGUAGES)("%s has every plural form its language needs", (lng) => {
    const keys = new Set(keysByLanguage[lng]);
    const pluralBases = new Set([...keys].filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, "")));
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const missing = [...pluralBases].flatMap((base) =>
      categories.filter((category) => !keys.has(`${base}_${category}`)).map((category) => `${base}_${category}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("%s has no empty text", (lng) => {
    const empty = (keysByLanguage[lng] ?? []).filter((key) => !i18n.getResource(lng, "translation", key)?.trim());
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)("%s translates every error code", (lng) => {
    const missing = ERROR_CODES.filter((code) => !i18n.exists(`errors.${code}`, { lng, fallbackLng: false }));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("%s translates every validation message key", (lng) => {
    const missing = VALIDATION_MESSAGE_KEYS.filter((key) => !i18n.exists(key, { lng, fallbackLng: false }));
    expect(missing).toEqual([]);
  });

  it("picks singular and plural forms", () => {
    const t = i18n.getFixedT("pt");
    expect(t("auth.dueSoon", { count: 1 })).toBe("Sua assinatura vence em 1 dia.");
    expect(t("auth.dueSoon", { count: 3 })).toBe("Sua assinatura vence em 3 dias.");
  });
});
