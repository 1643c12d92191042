import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState.js";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t("pages.notFound.title")}
      message={t("pages.notFound.text")}
      action={
        <Button component={RouterLink} to="/" variant="outlined">
          {t("pages.notFound.back")}
        </Button>
      }
    />
  );
}
