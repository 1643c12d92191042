import { describe, expect, it } from "vitest";
import { initialDrawerOpen } from "./drawer-state.js";

describe("initialDrawerOpen", () => {
  it("opens on pages wider than 1200 px when the setting is absent", () => {
    expect(initialDrawerOpen(1201, undefined, false)).toBe(true);
    expect(initialDrawerOpen(1200, undefined, false)).toBe(false);
  });

  it("follows the sideMenuInitialState setting when set", () => {
    expect(initialDrawerOpen(1600, "closed", false)).toBe(false);
    expect(initialDrawerOpen(900, "open", false)).toBe(true);
  });

  it("starts closed on phones", () => {
    expect(initialDrawerOpen(500, "open", true)).toBe(false);
  });
});
