import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { STORAGE_KEYS } from "@atendo/shared";
import { ThemeToggle } from "../layout/ThemeToggle.js";
import { ThemeModeProvider } from "./ThemeModeProvider.js";

function prefersDark(dark: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: dark && query.includes("prefers-color-scheme: dark"),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        onchange: null,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const renderToggle = () =>
  render(
    <ThemeModeProvider>
      <ThemeToggle />
    </ThemeModeProvider>,
  );

const activeTheme = () => document.documentElement.dataset.theme;

describe("theme mode", () => {
  afterEach(() => vi.restoreAllMocks());

  it("follows the system preference when nothing is stored", () => {
    prefersDark(true);
    renderToggle();
    expect(activeTheme()).toBe("dark");
  });

  it("defaults to light when the system prefers light", () => {
    prefersDark(false);
    renderToggle();
    expect(activeTheme()).toBe("light");
  });

  it("remembers the toggled theme across reloads, over the system preference", () => {
    prefersDark(true);
    const first = renderToggle();
    fireEvent.click(screen.getByTestId("theme-toggle"));
    expect(activeTheme()).toBe("light");
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("light");
    first.unmount();

    renderToggle();
    expect(activeTheme()).toBe("light");
    fireEvent.click(screen.getByTestId("theme-toggle"));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(activeTheme()).toBe("dark");
  });
});
