import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import { STORAGE_KEYS } from "@atendo/shared";
import { PrivateRoute, PublicRoute } from "../features/auth/guards.js";
import { RequirePermission } from "../features/auth/RequirePermission.js";
import { LoginPage } from "../pages/LoginPage.js";
import { AREA_ROUTES, CSHOW_ROUTES, type AreaRoute } from "./private-areas.js";
import { lazyPage } from "./lazy-page.js";
import { BillingOnlyGate } from "../features/billing/BillingOnlyGate.js";
import { useCan } from "../features/auth/useCan.js";

// Pages load on first visit (each its own chunk): the login page downloads none of them. A new page is registered
// the same way: const MyPage = lazyPage(() => import("../pages/MyPage.js"), "MyPage");
const AppShell = lazyPage(() => import("../features/layout/AppShell.js"), "AppShell");
const ForgetPasswordPage = lazyPage(() => import("../pages/ForgetPasswordPage.js"), "ForgetPasswordPage");
const NotFoundPage = lazyPage(() => import("../pages/NotFoundPage.js"), "NotFoundPage");
const SettingsPage = lazyPage(() => import("../pages/SettingsPage.js"), "SettingsPage");
const SignupPage = lazyPage(() => import("../pages/SignupPage.js"), "SignupPage");
const UsersPage = lazyPage(() => import("../pages/UsersPage.js"), "UsersPage");
const QueuesPage = lazyPage(() => import("../pages/QueuesPage.js"), "QueuesPage");
const TagsPage = lazyPage(() => import("../pages/TagsPage.js"), "TagsPage");
const QuickMessagesPage = lazyPage(() => import("../pages/QuickMessagesPage.js"), "QuickMessagesPage");
const ContactsPage = lazyPage(() => import("../pages/ContactsPage.js"), "ContactsPage");
const ConnectionsPage = lazyPage(() => import("../pages/ConnectionsPage.js"), "ConnectionsPage");
const SimulatorPage = lazyPage(() => import("../pages/SimulatorPage.js"), "SimulatorPage");
const TicketsPage = lazyPage(() => import("../pages/TicketsPage.js"), "TicketsPage");
const AnnouncementsPage = lazyPage(() => import("../pages/AnnouncementsPage.js"), "AnnouncementsPage");
const HelpsPage = lazyPage(() => import("../pages/HelpsPage.js"), "HelpsPage");
const FinanceiroPage = lazyPage(() => import("../pages/FinanceiroPage.js"), "FinanceiroPage");
const SubscriptionPage = lazyPage(() => import("../pages/SubscriptionPage.js"), "SubscriptionPage");
const ChatsPage = lazyPage(() => import("../pages/ChatsPage.js"), "ChatsPage");
const TodoListPage = lazyPage(() => import("../pages/TodoListPage.js"), "TodoListPage");
const DashboardPage = lazyPage(() => import("../pages/DashboardPage.js"), "DashboardPage");
const MessagesApiPage = lazyPage(() => import("../pages/MessagesApiPage.js"), "MessagesApiPage");
const KanbanPage = lazyPage(() => import("../pages/KanbanPage.js"), "KanbanPage");
const FilesPage = lazyPage(() => import("../pages/FilesPage.js"), "FilesPage");
const SchedulesPage = lazyPage(() => import("../pages/SchedulesPage.js"), "SchedulesPage");
const ContactListsPage = lazyPage(() => import("../pages/ContactListsPage.js"), "ContactListsPage");
const ContactListItemsPage = lazyPage(() => import("../pages/ContactListItemsPage.js"), "ContactListItemsPage");
const PromptsPage = lazyPage(() => import("../pages/PromptsPage.js"), "PromptsPage");
const QueueIntegrationsPage = lazyPage(() => import("../pages/QueueIntegrationsPage.js"), "QueueIntegrationsPage");
const CampaignsPage = lazyPage(() => import("../pages/CampaignsPage.js"), "CampaignsPage");
const CampaignReportPage = lazyPage(() => import("../pages/CampaignReportPage.js"), "CampaignReportPage");
const CampaignsConfigPage = lazyPage(() => import("../pages/CampaignsConfigPage.js"), "CampaignsConfigPage");

const TranscribePage = lazyPage(() => import("../pages/TranscribePage.js"), "TranscribePage");

/** The page of each private area; an area without a page is neither routed nor in the menu. */
const AREA_PAGES: Partial<Record<string, () => ReactNode>> = {
  "/connections": () => <ConnectionsPage />,
  "/users": () => <UsersPage />,
  "/queues": () => <QueuesPage />,
  "/tags": () => <TagsPage />,
  "/quick-messages": () => <QuickMessagesPage />,
  "/contacts": () => <ContactsPage />,
  "/announcements": () => <AnnouncementsPage />,
  "/helps": () => <HelpsPage />,
  "/financeiro": () => <FinanceiroPage />,
  "/subscription": () => <SubscriptionPage />,
  "/chats/:id?": () => <ChatsPage />,
  "/todolist": () => <TodoListPage />,
  "/messages-api": () => <MessagesApiPage />,
  "/kanban": () => <KanbanPage />,
  "/files": () => <FilesPage />,
  "/schedules": () => <SchedulesPage />,
  "/transcribe": () => <TranscribePage />,
  "/contact-lists": () => <ContactListsPage />,
  "/contact-lists/:contactListId/contacts": () => <ContactListItemsPage />,
  "/prompts": () => <PromptsPage />,
  "/queue-integration": () => <QueueIntegrationsPage />,
  "/campaigns": () => <CampaignsPage />,
  "/campaign/:campaignId/report": () => <CampaignReportPage />,
  "/campaigns-config": () => <CampaignsConfigPage />,
};

/** "/": the dashboard for those allowed it (dashboard:view), the connections page for everyone else (spec section 2). */
function HomePage() {
  return useCan("dashboard:view") ? <DashboardPage /> : (AREA_PAGES["/connections"]?.() ?? null);
}

function areaRoute({ path, permission, deniedMessage }: AreaRoute) {
  const page = AREA_PAGES[path]?.() ?? <NotFoundPage />;
  return (
    <Route
      key={path}
      path={path}
      element={
        permission ? (
          <RequirePermission permission={permission} deniedMessage={deniedMessage}>
            {page}
          </RequirePermission>
        ) : (
          page
        )
      }
    />
  );
}

/** The route table of spec section 2. */
export function AppRoutes() {
  const cshow = localStorage.getItem(STORAGE_KEYS.cshow) !== null;
  return (
    <Routes>
      <Route element={<PublicRoute />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgetpsw" element={<ForgetPasswordPage />} />
      </Route>
      <Route element={<PrivateRoute />}>
        {/* An expired company's admins: only Assinatura and Faturas (features/billing/BillingOnlyGate). */}
        <Route element={<BillingOnlyGate />}>
        <Route element={<AppShell />}>
          {/* "/" is the dashboard for admins, the connections page for others (spec sections 2 and 6). */}
          <Route path="/" element={<HomePage />} />
          <Route path="/connections" element={AREA_PAGES["/connections"]?.()} />
          <Route
            path="/simulator"
            element={
              <RequirePermission permission="simulator:use" deniedMessage="common.noPermission">
                <SimulatorPage />
              </RequirePermission>
            }
          />
          <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          {AREA_ROUTES.map(areaRoute)}
          {cshow && CSHOW_ROUTES.map(areaRoute)}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        </Route>
      </Route>
    </Routes>
  );
}
