import { AppBar, Box, Button, Tab, Tabs, Toolbar, Typography } from "@mui/material";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useAuth } from "../auth/auth-context.js";
import { formatDate } from "../../lib/dates.js";
import { FinanceiroPage } from "../../pages/FinanceiroPage.js";
import { SubscriptionPage } from "../../pages/SubscriptionPage.js";

const BILLING_PATHS = ["/subscription", "/financeiro"] as const;

/** The frame of a billing-only session (see BillingOnlyGate): Assinatura and Faturas, and signing out. */
export function BillingOnlyShell({ dueDate }: { dueDate: string }) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const path = BILLING_PATHS.find((p) => p === location.pathname);
  if (!path) return <Navigate to="/subscription" replace />;
  return (
    <Box sx={{ minHeight: "100vh" }} data-testid="billing-only-shell">
      <AppBar position="sticky" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {t("common.appName")}
          </Typography>
          <Button color="inherit" onClick={() => void logout()} data-testid="billing-logout">
            {t("billing.logout")}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography color="error" sx={{ mb: 2 }} data-testid="billing-only-notice">
          {t("billing.expiredNotice", { date: formatDate(dueDate) })}
        </Typography>
        <Tabs value={path} onChange={(_e, value: string) => navigate(value)} sx={{ mb: 2 }}>
          <Tab value="/subscription" label={t("billing.subscription.title")} />
          <Tab value="/financeiro" label={t("billing.invoices.title")} />
        </Tabs>
        {path === "/subscription" ? <SubscriptionPage /> : <FinanceiroPage />}
      </Box>
    </Box>
  );
}
