import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from "@atendo/shared";
import { ptCore } from "./locales/pt/core.js";
import type { TranslationTree } from "./resources.js";

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

// Portuguese (the default and the fallback) is bundled as far as the login page needs it (locales/pt/core.ts); the
// rest of it comes with the first page loaded after it (routes/lazy-page.tsx waits for loadAllTranslations). English
// and Spanish are chunks of their own, loaded when chosen
// (i18n.changeLanguage waits for them), so the login page carries one language (docs/PERFORMANCE.md, web delivery).
const LOADERS: Partial<Record<string, () => Promise<TranslationTree>>> = {
  en: () => import("./locales/en/index.js").then((m) => m.en),
  es: () => import("./locales/es/index.js").then((m) => m.es),
};
const otherLanguages: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LOADERS[language];
    if (!load) return callback(null, {});
    load().then(
      (tree) => callback(null, tree),
      (error: Error) => callback(error, false),
    );
  },
};

const initialLanguage = storedLanguage();
document.documentElement.lang = initialLanguage;

// Portuguese is bundled, so init completes synchronously (initAsync: false) for it; another stored language resolves
// `i18nReady` once its chunk is in (main.tsx renders after it, so the first render is translated).
export const i18nReady = i18n.use(otherLanguages).use(initReactI18next).init({
  resources: { pt: { translation: ptCore } },
  partialBundledLanguages: true,
  lng: initialLanguage,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes rendered text
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

let allPortuguese: Promise<void> | undefined;

/** The whole Portuguese tree (every screen's texts) added to the bundled core, once; pages wait for it. */
export function loadAllTranslations(): Promise<void> {
  return (allPortuguese ??= import("./locales/pt/index.js").then(
    ({ pt }) => void i18n.addResourceBundle("pt", "translation", pt, true, false),
    (error: unknown) => {
      allPortuguese = undefined;
      throw error;
    },
  ));
}

export { i18n };
