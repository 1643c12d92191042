import { createTheme, type Theme } from "@mui/material/styles";
import type { ThemeMode } from "./theme-mode.js";

export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === "dark";
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? "#4db6ac" : "#0b7a75" },
      secondary: { main: dark ? "#90caf9" : "#1565c0" },
      background: dark ? { default: "#121417", paper: "#1b1f24" } : { default: "#f4f6f8", paper: "#ffffff" },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: '"Inter", "Roboto", "Helvetica", "Arial", sans-serif' },
  });
}
