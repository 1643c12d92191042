import { Alert, Button, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "react-i18next";
import { PublicCard } from "../components/PublicCard.js";

/** Password reset by e-mail comes with its own issue (administration section 2); this page says so. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PublicCard title={t("auth.forgot.title")}>
      <Stack spacing={2}>
        <Alert severity="info" data-testid="forgot-unavailable">
          {t("auth.forgot.unavailable")}
        </Alert>
        <Button component={RouterLink} to="/login" variant="outlined">
          {t("auth.forgot.backToLogin")}
        </Button>
      </Stack>
    </PublicCard>
  );
}
