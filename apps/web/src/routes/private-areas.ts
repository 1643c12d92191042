import type { Permission } from "@atendo/shared";

export interface AreaRoute {
  path: string;
  titleKey: string;
  /** Refused users get a toast and go back to / after 1 s. */
  permission?: Permission;
  deniedMessage?: string;
}

/**
 * Private routes of spec section 2 that have a page (each is in AREA_PAGES of AppRoutes.tsx).
 * Plan-gated pages and the super-only announcements refuse with the plan message (administration section 6);
 * admin areas refuse with "Sem permissão para acessar!".
 */
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: "/quick-messages", titleKey: "menu.items.quickMessages" },
  { path: "/todolist", titleKey: "menu.items.todolist" },
  { path: "/tags", titleKey: "menu.items.tags" },
  { path: "/contacts", titleKey: "menu.items.contacts" },
  { path: "/helps", titleKey: "menu.items.helps" },
  { path: "/users", titleKey: "menu.items.users", permission: "users:manage", deniedMessage: "common.noPermission" },
  { path: "/messages-api", titleKey: "menu.items.messagesApi", permission: "external-api:use" },
  { path: "/financeiro", titleKey: "menu.items.financeiro" },
  { path: "/queues", titleKey: "menu.items.queues", permission: "queues:manage", deniedMessage: "common.noPermission" },
  { path: "/announcements", titleKey: "menu.items.announcements", permission: "announcements:manage" },
  { path: "/subscription", titleKey: "menu.items.subscription" },
  { path: "/chats/:id?", titleKey: "menu.items.chats", permission: "internal-chat:use" },
  { path: "/kanban", titleKey: "menu.items.kanban", permission: "kanban:use" },
  { path: "/files", titleKey: "menu.items.files", permission: "campaigns:use" },
  { path: "/schedules", titleKey: "menu.items.schedules", permission: "schedules:use" },
  { path: "/transcribe", titleKey: "menu.items.transcribe", permission: "transcribe:use" },
  // Contact lists are the audience of campaigns: gated with them (useCampaigns).
  { path: "/contact-lists", titleKey: "menu.items.contactLists", permission: "campaigns:use" },
  { path: "/contact-lists/:contactListId/contacts", titleKey: "menu.items.contactListItems", permission: "campaigns:use" },
  { path: "/prompts", titleKey: "menu.items.prompts", permission: "prompts:use" },
  { path: "/queue-integration", titleKey: "menu.items.queueIntegration", permission: "integrations:use" },
  // Campaign areas: gated by the plan flag instead of the spec's cshow browser flag (docs/DECISIONS.md, Campaigns).
  { path: "/campaigns", titleKey: "menu.items.campaigns", permission: "campaigns:use" },
  { path: "/campaign/:campaignId/report", titleKey: "menu.items.campaignReport", permission: "campaigns:use" },
  { path: "/campaigns-config", titleKey: "menu.items.campaignsConfig", permission: "campaigns:use" },
];

/** Campaign areas, routed only when the browser has the cshow flag; none is built yet (their pages come with them). */
export const CSHOW_ROUTES: readonly AreaRoute[] = [];
