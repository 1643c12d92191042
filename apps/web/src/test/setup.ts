import { afterEach, beforeAll } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { i18n, loadAllTranslations } from "../i18n/index.js";
import { preloadPages } from "../routes/lazy-page.js";

// Tests render whole pages; with several suites running on one machine a first render can take more than the
// default second, so findBy/waitFor wait up to 5 s (a passing assertion still returns at once).
configure({ asyncUtilTimeout: 5_000 });

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
