import { Alert, Button, Stack } from "@mui/material";
import { Link as RouterLink, Navigate } from "react-router";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../components/FullPageSpinner.js";
import { PublicCard } from "../components/PublicCard.js";
import { usePublicSetting } from "../features/settings/api.js";

/** Company self-registration; the two-step form comes with its own issue. Closed registration goes to /login. */
export function SignupPage() {
  const { t } = useTranslation();
  const allowRegister = usePublicSetting("allowregister");
  if (allowRegister.isPending) return <FullPageSpinner />;
  if (allowRegister.data !== "enabled") return <Navigate to="/login" replace />;
  return (
    <PublicCard title={t("auth.signup.title")}>
      <Stack spacing={2}>
        <Alert severity="info" data-testid="signup-unavailable">
          {t("auth.signup.unavailable")}
        </Alert>
        <Button component={RouterLink} to="/login" variant="outlined">
          {t("auth.signup.backToLogin")}
        </Button>
      </Stack>
    </PublicCard>
  );
}
