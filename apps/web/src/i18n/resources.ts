import type { Language } from "@atendo/shared";
import { en } from "./locales/en/index.js";
import { es } from "./locales/es/index.js";
import { pt } from "./locales/pt/index.js";

export type TranslationTree = { [key: string]: string | TranslationTree };

export const translations: Record<Language, TranslationTree> = { pt, en, es };
