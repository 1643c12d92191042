import type { SvgIconComponent } from "@mui/icons-material";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import AnnouncementOutlined from "@mui/icons-material/AnnouncementOutlined";
import AttachFileOutlined from "@mui/icons-material/AttachFileOutlined";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import ViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import ChecklistOutlined from "@mui/icons-material/ChecklistOutlined";
import CodeOutlined from "@mui/icons-material/CodeOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import ContactPhoneOutlined from "@mui/icons-material/ContactPhoneOutlined";
import ScienceOutlined from "@mui/icons-material/ScienceOutlined";
import FlashOnOutlined from "@mui/icons-material/FlashOnOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import GraphicEqOutlined from "@mui/icons-material/GraphicEqOutlined";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import LocalAtmOutlined from "@mui/icons-material/LocalAtmOutlined";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import ListAltOutlined from "@mui/icons-material/ListAltOutlined";
import PeopleAltOutlined from "@mui/icons-material/PeopleAltOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import SyncAltOutlined from "@mui/icons-material/SyncAltOutlined";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import HubOutlined from "@mui/icons-material/HubOutlined";
import type { Permission } from "@atendo/shared";

export interface MenuItemDef {
  path: string;
  labelKey: string;
  icon: SvgIconComponent;
  /** Shown only when the user may perform this action (role or plan flag). */
  permission?: Permission;
  /** Shown only when the browser has the cshow flag (campaign areas, spec section 2). */
  cshowOnly?: boolean;
}

/**
 * Service section: everyone (spec section 2, Application shell).
 * Only areas whose screens exist are listed (docs/DECISIONS.md, "No placeholder pages"): transcribe,
 * queue integrations, prompts and campaigns come back here with their pages.
 */
export const SERVICE_ITEMS: readonly MenuItemDef[] = [
  // "/" is the dashboard for admins (their home); others reach the connections page there.
  { path: "/", labelKey: "dashboard.menu", icon: DashboardOutlined, permission: "dashboard:view" },
  { path: "/tickets", labelKey: "menu.items.tickets", icon: ForumOutlined },
  { path: "/contacts", labelKey: "menu.items.contacts", icon: ContactPhoneOutlined },
  { path: "/quick-messages", labelKey: "menu.items.quickMessages", icon: FlashOnOutlined },
  { path: "/kanban", labelKey: "menu.items.kanban", icon: ViewKanbanOutlined, permission: "kanban:use" },
  { path: "/tags", labelKey: "menu.items.tags", icon: LocalOfferOutlined },
  { path: "/schedules", labelKey: "menu.items.schedules", icon: EventOutlined, permission: "schedules:use" },
  { path: "/chats", labelKey: "menu.items.chats", icon: ChatOutlined, permission: "internal-chat:use" },
  { path: "/transcribe", labelKey: "menu.items.transcribe", icon: GraphicEqOutlined, permission: "transcribe:use" },
  { path: "/todolist", labelKey: "menu.items.todolist", icon: ChecklistOutlined },
  { path: "/helps", labelKey: "menu.items.helps", icon: HelpOutlineOutlined },
];

/** Management section: admins only; some entries also need a plan flag or the super flag. */
export const ADMIN_ITEMS: readonly MenuItemDef[] = [
  { path: "/connections", labelKey: "menu.items.connections", icon: SyncAltOutlined },
  { path: "/simulator", labelKey: "menu.items.simulator", icon: ScienceOutlined, permission: "simulator:use" },
  { path: "/queues", labelKey: "menu.items.queues", icon: AccountTreeOutlined },
  { path: "/queue-integration", labelKey: "menu.items.queueIntegration", icon: HubOutlined, permission: "integrations:use" },
  { path: "/users", labelKey: "menu.items.users", icon: PeopleAltOutlined },
  // Campaigns: the plan flag useCampaigns instead of the spec's cshow browser flag (docs/DECISIONS.md).
  { path: "/campaigns", labelKey: "menu.items.campaigns", icon: CampaignOutlined, permission: "campaigns:use" },
  // Contact lists are the audience of campaigns: gated with them (useCampaigns).
  { path: "/contact-lists", labelKey: "menu.items.contactLists", icon: ListAltOutlined, permission: "campaigns:use" },
  // File lists are sent by campaigns: gated with them (useCampaigns).
  { path: "/files", labelKey: "menu.items.files", icon: AttachFileOutlined, permission: "campaigns:use" },
  { path: "/messages-api", labelKey: "menu.items.messagesApi", icon: CodeOutlined, permission: "external-api:use" },
  { path: "/settings", labelKey: "menu.items.settings", icon: SettingsOutlined },
  { path: "/financeiro", labelKey: "menu.items.financeiro", icon: LocalAtmOutlined },
  {
    path: "/announcements",
    labelKey: "menu.items.announcements",
    icon: AnnouncementOutlined,
    permission: "announcements:manage",
  },
  { path: "/prompts", labelKey: "menu.items.prompts", icon: SmartToyOutlined, permission: "prompts:use" },
];

export const ADMIN_SECTION_PERMISSION: Permission = "drawer-admin-items:view";

export function visibleMenuItems(
  items: readonly MenuItemDef[],
  allowed: (action: Permission) => boolean,
  cshow: boolean,
): MenuItemDef[] {
  return items.filter((item) => (!item.permission || allowed(item.permission)) && (!item.cshowOnly || cshow));
}

/** The stable test id of a menu entry: menu-item-<path without its slash>. */
export function menuTestId(path: string): string {
  return `menu-item-${path.replace(/^\//, "")}`;
}
