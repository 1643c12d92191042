import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, type Actor } from "./permissions.js";

const plan = { useCampaigns: true, useKanban: false, useOpenAi: true, useIntegrations: true, useSchedules: true, useInternalChat: true, useExternalApi: false, useInternal: true };
const admin: Actor = { profile: "admin", super: false, plan };
const supervisor: Actor = { profile: "supervisor", super: false, plan };
const agent: Actor = { profile: "user", super: false, plan };
const superUser: Actor = { profile: "user", super: true, plan };

describe("can", () => {
  it("gives the spec's named admin actions to admins only", () => {
    for (const action of [
      "user-modal:editProfile",
      "user-modal:editQueues",
      "tickets-manager:showall",
      "ticket-options:deleteTicket",
      "connections-page:addConnection",
      "connections-page:editOrDeleteConnection",
      "contacts-page:deleteContact",
    ] as const) {
      expect(can(admin, action), action).toBe(true);
      expect(can(agent, action), action).toBe(false);
      expect(can(supervisor, action), action).toBe(false);
    }
  });

  it("lets supervisors set the tag kanban flag and edit any quick message, but not the general flag", () => {
    expect(can(supervisor, "tags:editKanban")).toBe(true);
    expect(can(agent, "tags:editKanban")).toBe(false);
    expect(can(supervisor, "quick-messages:editAny")).toBe(true);
    expect(can(supervisor, "quick-messages:setGeneral")).toBe(false);
    expect(can(admin, "quick-messages:setGeneral")).toBe(true);
  });

  it("keeps super-only areas for super users", () => {
    expect(can(admin, "settings:global")).toBe(false);
    expect(can(superUser, "settings:global")).toBe(true);
    expect(can(superUser, "companies:manage")).toBe(true);
  });

  it("gates plan features on the company's plan, whoever asks", () => {
    expect(can(admin, "kanban:use")).toBe(false);
    expect(can(superUser, "kanban:use")).toBe(false);
    expect(can(agent, "campaigns:use")).toBe(true);
    expect(can(admin, "external-api:use")).toBe(false);
    expect(can({ ...admin, plan: null }, "campaigns:use")).toBe(false);
    expect(can(agent, "integrations:use")).toBe(false);
  });

  it("refuses everything to nobody", () => {
    for (const action of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) expect(can(null, action)).toBe(false);
  });
});
