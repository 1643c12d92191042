import type { Permission } from "@atendo/shared";

export interface AreaRoute {
  path: string;
  titleKey: string;
  /** Refused users get a toast and go back to / after 1 s. */
  permission?: Permission;
  deniedMessage?: string;
}

/**
 * Private routes of spec section 2 whose screens come with later issues.
 * Plan-gated pages and the super-only announcements refuse with the plan message (administration section 6);
 * admin areas refuse with "Sem permissão para acessar!".
 */
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: "/quick-messages", titleKey: "menu.items.quickMessages" },
  { path: "/todolist", titleKey: "menu.items.todolist" },
  { path: "/schedules", titleKey: "menu.items.schedules" },
  { path: "/tags", titleKey: "menu.items.tags" },
  { path: "/contacts", titleKey: "menu.items.contacts" },
  { path: "/helps", titleKey: "menu.items.helps" },
  { path: "/users", titleKey: "menu.items.users", permission: "users:manage", deniedMessage: "common.noPermission" },
  { path: "/files", titleKey: "menu.items.files" },
  { path: "/prompts", titleKey: "menu.items.prompts", permission: "prompts:use" },
  { path: "/queue-integration", titleKey: "menu.items.queueIntegration", permission: "integrations:use" },
  { path: "/transcribe", titleKey: "menu.items.transcribe" },
  { path: "/messages-api", titleKey: "menu.items.messagesApi", permission: "external-api:use" },
  { path: "/kanban", titleKey: "menu.items.kanban" },
  { path: "/financeiro", titleKey: "menu.items.financeiro" },
  { path: "/queues", titleKey: "menu.items.queues", permission: "queues:manage", deniedMessage: "common.noPermission" },
  { path: "/announcements", titleKey: "menu.items.announcements", permission: "announcements:manage" },
  { path: "/subscription", titleKey: "menu.items.subscription" },
  { path: "/chats/:id?", titleKey: "menu.items.chats" },
];

/** Campaign areas, routed only when the browser has the cshow flag. */
export const CSHOW_ROUTES: readonly AreaRoute[] = [
  { path: "/contact-lists", titleKey: "menu.items.contactLists" },
  { path: "/contact-lists/:contactListId/contacts", titleKey: "menu.items.contactListItems" },
  { path: "/campaigns", titleKey: "menu.items.campaigns" },
  { path: "/campaign/:campaignId/report", titleKey: "menu.items.campaignReport" },
  { path: "/campaigns-config", titleKey: "menu.items.campaignsConfig" },
];
