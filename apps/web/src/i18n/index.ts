import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from "@atendo/shared";
import { translations } from "./resources.js";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else Portuguese (spec section 1: Portuguese is the default and fallback). */
export function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : FALLBACK_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

const resources = Object.fromEntries(
  Object.entries(translations).map(([language, tree]) => [language, { translation: tree }]),
);

const initialLanguage = storedLanguage();
document.documentElement.lang = initialLanguage;

// Resources are bundled, so init completes synchronously (initAsync: false) and the first render is translated.
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes rendered text
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

export { i18n };
