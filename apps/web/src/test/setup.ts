import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { StyleSheet } from "@emotion/sheet";
import { i18n, loadAllTranslations, storedLanguage } from "../i18n/index.js";
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

// Setup files run again before each file of a worker (vitest.config.ts, web: isolate: false): patch jsdom and emotion
// once per worker.
const patched = Symbol.for("atendo.test.patched");
if (!(patched in globalThis)) {
  Object.defineProperty(globalThis, patched, { value: true });

  // jsdom computes a style by matching every rule emotion has inserted so far against the element and its ancestors,
  // and MUI's TextareaAutosize asks for its textarea's computed style after every render to measure rows, a measure
  // jsdom cannot make (it has no layout): that was a third of the web tests' time. Textareas answer their inline
  // style (the hidden measuring copy's `visibility: hidden` is inline); every other element keeps jsdom's cascade.
  const cascadedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudo?: string | null) =>
    element instanceof HTMLTextAreaElement && !pseudo ? element.style : cascadedStyle(element, pseudo);

  // Emotion's development build gives every rule a <style> tag of its own (1,200 after one page's tests), and every
  // input's global keyframes look for theirs with a document.querySelector over all of them: tests use the production
  // layout of one tag holding its rules through the CSSOM (the same rules, so jsdom's computed styles are unchanged).
  const insertRule = StyleSheet.prototype.insert;
  StyleSheet.prototype.insert = function insert(this: StyleSheet, rule: string) {
    this.isSpeedy = true;
    insertRule.call(this, rule);
  };
}

// Pages are lazy chunks (routes/lazy-page.tsx): load the ones the test file registered, so they render at once.
// Most of Portuguese, English and Spanish are chunks loaded on demand (i18n/index.ts): tests read them all at once.
// The first import of every page can take a while on a loaded machine (hence the minute).
beforeAll(() => Promise.all([preloadPages(), loadAllTranslations(), i18n.loadLanguages(["en", "es"])]), 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

// A worker's files share one jsdom and module graph (vitest.config.ts, web: isolate: false): each file leaves the
// language, the globals it stubbed and its spies as it found them.
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  const start = storedLanguage();
  document.documentElement.lang = start;
  if (i18n.language !== start) await i18n.changeLanguage(start);
});
