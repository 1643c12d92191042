import { Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState.js";
import { PageHeader } from "../components/PageHeader.js";

/** A private area whose screens arrive with later issues: its title and an empty state. */
export function AreaPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Paper variant="outlined">
        <EmptyState message={t("pages.emptyArea")} />
      </Paper>
    </>
  );
}
