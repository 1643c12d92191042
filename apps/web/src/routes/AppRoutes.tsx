import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import { STORAGE_KEYS } from "@atendo/shared";
import { PrivateRoute, PublicRoute } from "../features/auth/guards.js";
import { RequirePermission } from "../features/auth/RequirePermission.js";
import { AppShell } from "../features/layout/AppShell.js";
import { AreaPage } from "../pages/AreaPage.js";
import { ForgetPasswordPage } from "../pages/ForgetPasswordPage.js";
import { LoginPage } from "../pages/LoginPage.js";
import { NotFoundPage } from "../pages/NotFoundPage.js";
import { SettingsPage } from "../pages/SettingsPage.js";
import { SignupPage } from "../pages/SignupPage.js";
import { UsersPage } from "../pages/UsersPage.js";
import { QueuesPage } from "../pages/QueuesPage.js";
import { TagsPage } from "../pages/TagsPage.js";
import { QuickMessagesPage } from "../pages/QuickMessagesPage.js";
import { ContactsPage } from "../pages/ContactsPage.js";
import { ConnectionsPage } from "../pages/ConnectionsPage.js";
import { SimulatorPage } from "../pages/SimulatorPage.js";
import { TicketsPage } from "../pages/TicketsPage.js";
import { AREA_ROUTES, CSHOW_ROUTES, type AreaRoute } from "./private-areas.js";

/** Areas whose screens exist; the others show their title and an empty state. */
const AREA_PAGES: Partial<Record<string, () => ReactNode>> = {
  "/connections": () => <ConnectionsPage />,
  "/users": () => <UsersPage />,
  "/queues": () => <QueuesPage />,
  "/tags": () => <TagsPage />,
  "/quick-messages": () => <QuickMessagesPage />,
  "/contacts": () => <ContactsPage />,
};

function areaRoute({ path, titleKey, permission, deniedMessage }: AreaRoute) {
  const page = AREA_PAGES[path]?.() ?? <AreaPage key={path} titleKey={titleKey} />;
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
        <Route element={<AppShell />}>
          {/* "/" is the connections page too (spec section 2). */}
          <Route path="/" element={AREA_PAGES["/connections"]?.()} />
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
    </Routes>
  );
}
