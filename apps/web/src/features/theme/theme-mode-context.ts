import { createContext, useContext } from "react";
import type { ThemeMode } from "./theme-mode.js";

export interface ThemeModeValue {
  mode: ThemeMode;
  toggleMode: () => void;
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error("useThemeMode needs a ThemeModeProvider");
  return value;
}
