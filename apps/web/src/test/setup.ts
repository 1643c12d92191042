import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";
import "../i18n/index.js";

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
