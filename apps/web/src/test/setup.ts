import { afterEach, beforeAll, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { i18n, loadAllTranslations } from "../i18n/index.js";
import { preloadPages } from "../routes/lazy-page.js";

// Tests render whole pages; with several suites running on one machine a first render can take more than the
// default second, so findBy/waitFor wait up to 5 s (a passing assertion still returns at once).
configure({ asyncUtilTimeout: 5_000 });

// MUI's transitions and ripples run on timers that jsdom plays out for real (a dialog waits its 225 ms to close, each
// click schedules a ripple): tests render the app's theme with every duration 0 and no ripple. What a user sees is
// unchanged; tests do not assert animations.
vi.mock("../features/theme/create-app-theme.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../features/theme/create-app-theme.js")>();
  const { createTheme } = await import("@mui/material/styles");
  const instant = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };
  return {
    ...original,
    createAppTheme: (...args: Parameters<typeof original.createAppTheme>) =>
      createTheme(original.createAppTheme(...args), {
        transitions: { duration: instant, create: () => "none" },
        components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
      }),
  };
});

// jsdom has no matchMedia; MUI's useMediaQuery and the theme's system preference read it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// Pages are lazy chunks (routes/lazy-page.tsx): load the ones the test file registered, so they render at once.
// Most of Portuguese, English and Spanish are chunks loaded on demand (i18n/index.ts): tests read them all at once.
// The first import of every page can take a while on a loaded machine (hence the minute).
beforeAll(() => Promise.all([preloadPages(), loadAllTranslations(), i18n.loadLanguages(["en", "es"])]), 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
