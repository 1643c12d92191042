import { describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { STORAGE_KEYS, type PlanView, type SessionUser } from "@atendo/shared";
import { AuthContext, type AuthContextValue } from "../auth/auth-context.js";
import { Can } from "../../components/Can.js";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { testQueryClient } from "../../test/render.js";
import { SideMenu } from "./SideMenu.js";
import { ADMIN_ITEMS, SERVICE_ITEMS, menuTestId } from "./menu-items.js";
import { AREA_ROUTES } from "../../routes/private-areas.js";

function authValue(user: SessionUser): AuthContextValue {
  return {
    status: "authenticated",
    user,
    justSignedIn: false,
    login: async () => Promise.reject(new Error("not in this test")),
    logout: async () => undefined,
    refreshUser: async () => undefined,
  };
}

function renderAs(user: SessionUser, ui = <SideMenu expanded />) {
  fakeApi({ "GET /version": { status: 200, data: { version: "1.2.3" } } });
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={authValue(user)}>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const agent = (plan: Partial<PlanView> = {}) => makeUser({ profile: "user" }, plan);
const admin = (plan: Partial<PlanView> = {}) => makeUser({ profile: "admin" }, plan);
const has = (testId: string) => screen.queryByTestId(testId) !== null;

describe("side menu", () => {
  it("shows agents the service section and no management section", () => {
    renderAs(agent());
    expect(has("menu-item-tickets")).toBe(true);
    expect(has("menu-item-contacts")).toBe(true);
    expect(has("menu-section-admin")).toBe(false);
    expect(has("menu-item-connections")).toBe(false);
    expect(has("menu-item-users")).toBe(false);
    expect(has("menu-item-settings")).toBe(false);
  });

  it("shows admins the management section", () => {
    renderAs(admin());
    expect(has("menu-section-admin")).toBe(true);
    for (const id of ["connections", "queues", "users", "settings", "financeiro"]) {
      expect(has(`menu-item-${id}`)).toBe(true);
    }
    expect(screen.getByTestId("menu-item-users").getAttribute("href")).toBe("/users");
  });

  it("hides plan-gated entries without their flag", () => {
    renderAs(admin());
    for (const id of ["messages-api", "chats", "schedules", "transcribe"]) {
      expect(has(`menu-item-${id}`)).toBe(false);
    }
  });

  it("shows plan-gated entries with their flag", () => {
    renderAs(
      admin({
        useIntegrations: true,
        useExternalApi: true,
        useOpenAi: true,
        useKanban: true,
        useSchedules: true,
        useInternalChat: true,
      }),
    );
    for (const id of ["messages-api", "chats", "schedules", "transcribe"]) {
      expect(has(`menu-item-${id}`)).toBe(true);
    }
  });

  it("keeps admin-only plan entries from agents even with the flag", () => {
    renderAs(agent({ useExternalApi: true, useInternalChat: true }));
    expect(has("menu-item-chats")).toBe(true);
    expect(has("menu-item-messages-api")).toBe(false);
  });

  it("shows announcements to super users only", () => {
    renderAs(admin());
    expect(has("menu-item-announcements")).toBe(false);
  });

  it("shows announcements to a super user", () => {
    renderAs(makeUser({ profile: "admin", super: true }));
    expect(has("menu-item-announcements")).toBe(true);
  });

  it("lists no entry whose page is not built (no placeholder pages)", () => {
    localStorage.setItem(STORAGE_KEYS.cshow, "1");
    renderAs(admin({ useCampaigns: true, useKanban: true, useSchedules: true, useOpenAi: true, useIntegrations: true }));
    // Every area of the spec has its page now: each entry shown leads to a routed page.
    const routed = new Set([...AREA_ROUTES.map((route) => route.path), "/", "/tickets", "/connections", "/simulator", "/settings"]);
    for (const item of [...SERVICE_ITEMS, ...ADMIN_ITEMS]) {
      if (has(menuTestId(item.path))) expect(routed.has(item.path), item.path).toBe(true);
    }
  });

  it("shows Prompts (management) with useOpenAi", () => {
    renderAs(admin());
    expect(has("menu-item-prompts")).toBe(false);
    cleanup();
    renderAs(admin({ useOpenAi: true }));
    expect(screen.getByTestId("menu-item-prompts").getAttribute("href")).toBe("/prompts");
  });

  it("shows Kanban with useKanban and the file lists (management) with useCampaigns", () => {
    renderAs(admin());
    expect(has("menu-item-kanban")).toBe(false);
    expect(has("menu-item-files")).toBe(false);
    cleanup();
    renderAs(admin({ useKanban: true, useCampaigns: true }));
    expect(screen.getByTestId("menu-item-kanban").getAttribute("href")).toBe("/kanban");
    expect(screen.getByTestId("menu-item-files").getAttribute("href")).toBe("/files");
    cleanup();
    renderAs(agent({ useKanban: true, useCampaigns: true }));
    expect(has("menu-item-kanban")).toBe(true);
    expect(has("menu-item-files")).toBe(false);
  });

  it("shows Campaigns (management) with useCampaigns, with or without the cshow flag", () => {
    renderAs(admin());
    expect(has("menu-item-campaigns")).toBe(false);
    cleanup();
    renderAs(admin({ useCampaigns: true }));
    expect(screen.getByTestId("menu-item-campaigns").getAttribute("href")).toBe("/campaigns");
  });

  it("shows Contact lists (management) with useCampaigns", () => {
    renderAs(admin());
    expect(has("menu-item-contact-lists")).toBe(false);
    cleanup();
    renderAs(admin({ useCampaigns: true }));
    expect(screen.getByTestId("menu-item-contact-lists").getAttribute("href")).toBe("/contact-lists");
  });

  it("shows the server version", async () => {
    renderAs(agent());
    expect((await screen.findByTestId("version-text")).textContent).toBe("Versão 1.2.3");
  });
});

describe("Can", () => {
  const ui = (
    <Can perform="settings:update" otherwise={<span data-testid="denied" />}>
      <span data-testid="allowed" />
    </Can>
  );

  it("renders its children when allowed", () => {
    renderAs(admin(), ui);
    expect(has("allowed")).toBe(true);
    expect(has("denied")).toBe(false);
  });

  it("renders the fallback when not allowed", () => {
    renderAs(agent(), ui);
    expect(has("allowed")).toBe(false);
    expect(has("denied")).toBe(true);
  });
});
