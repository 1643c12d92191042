import { STORAGE_KEYS } from "@atendo/shared";

export type ThemeMode = "light" | "dark";

/** The remembered choice, else the system preference (spec section 1). */
export function initialThemeMode(): ThemeMode {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  if (stored === "light" || stored === "dark") return stored;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function storeThemeMode(mode: ThemeMode): void {
  localStorage.setItem(STORAGE_KEYS.theme, mode);
}
