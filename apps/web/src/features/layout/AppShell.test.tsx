import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { STORAGE_KEYS, type SettingEntry } from "@atendo/shared";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { AppShell } from "./AppShell.js";

function setWidth(width: number, phone = false) {
  vi.spyOn(window, "innerWidth", "get").mockReturnValue(width);
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        // MUI's breakpoints.down("sm") asks for (max-width:599.95px).
        matches: phone && query.includes("max-width:599.95px"),
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

function renderShell(settings: SettingEntry[] = []) {
  localStorage.setItem(STORAGE_KEYS.token, "t");
  const user = makeUser();
  fakeApi({ "GET /auth/me": { status: 200, data: { ...user, company: { ...user.company, settings } } } });
  renderApp(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="/tickets" element={<p>page</p>} />
      </Route>
    </Routes>,
    "/tickets",
  );
}

const drawerState = async () => (await screen.findByTestId("app-drawer")).getAttribute("data-open");

describe("AppShell side menu", () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens by default on pages wider than 1200 px, and the toggle collapses it", async () => {
    setWidth(1400);
    renderShell();
    expect(await drawerState()).toBe("true");
    fireEvent.click(screen.getByTestId("menu-toggle"));
    expect(await drawerState()).toBe("false");
  });

  it("starts collapsed at 1200 px or less", async () => {
    setWidth(1100);
    renderShell();
    expect(await drawerState()).toBe("false");
  });

  it("follows the sideMenuInitialState setting", async () => {
    setWidth(1400);
    renderShell([{ key: "sideMenuInitialState", value: "closed" }]);
    expect(await drawerState()).toBe("false");
  });

  it("is a temporary drawer on phones, closed until toggled", async () => {
    setWidth(390, true);
    renderShell();
    await screen.findByTestId("menu-toggle");
    expect(screen.queryByTestId("app-drawer")).toBeNull();
    fireEvent.click(screen.getByTestId("menu-toggle"));
    expect(await drawerState()).toBe("true");
    // Choosing a page closes it again.
    fireEvent.click(screen.getByTestId("menu-item-contacts"));
    expect(screen.getByTestId("location").textContent).toBe("/contacts");
  });
});
