import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import "../i18n/index.js";

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

afterEach(() => {
  cleanup();
  localStorage.clear();
});
