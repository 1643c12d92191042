import { describe, expect, it } from "vitest";
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";
import { makeCompany, makePlanRecord } from "./test-data.js";

configure({ asyncUtilTimeout: 5_000 });

function signInAs(user: SessionUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({ "GET /auth/me": { status: 200, data: user }, "GET /settings/": { status: 200, data: [] }, ...extra });
}
const location = () => screen.getByTestId("location").textContent;

describe("the plan gate in the client", { timeout: 20_000 }, () => {
  it.each([
    ["/chats", "useInternalChat"],
    ["/messages-api", "useExternalApi"],
    ["/kanban", "useKanban"],
    ["/files", "useCampaigns"],
  ])("refuses %s without %s: the spec's toast, then / after 1 s", async (path) => {
    signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, path);
    expect(await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")).toBeTruthy();
    await waitFor(() => expect(location()).toBe("/"), { timeout: 2_000 });
  });
});

describe("the super-user tabs of the settings page", { timeout: 20_000 }, () => {
  it("are hidden from a company admin", async () => {
    signInAs(makeUser({ profile: "admin" }));
    renderApp(<AppRoutes />, "/settings");
    expect(await screen.findByTestId("settings-tab-options")).toBeTruthy();
    expect(screen.queryByTestId("settings-tab-companies")).toBeNull();
    expect(screen.queryByTestId("settings-tab-registerCompany")).toBeNull();
    expect(screen.queryByTestId("settings-tab-plans")).toBeNull();
  });

  it("open Companies, Register Company and Plans for a super user", async () => {
    signInAs(makeUser({ profile: "admin", super: true }), {
      "GET /companies/list": { status: 200, data: [makeCompany()] },
      "GET /plans/all": { status: 200, data: [makePlanRecord()] },
    });
    renderApp(<AppRoutes />, "/settings");
    fireEvent.click(await screen.findByTestId("settings-tab-companies"));
    expect(await screen.findByTestId("company-row-10")).toBeTruthy();
    fireEvent.click(screen.getByTestId("settings-tab-registerCompany"));
    expect(await screen.findByTestId("register-company-form")).toBeTruthy();
    fireEvent.click(screen.getByTestId("settings-tab-plans"));
    expect(await screen.findByTestId("plan-row-1")).toBeTruthy();
  });
});
