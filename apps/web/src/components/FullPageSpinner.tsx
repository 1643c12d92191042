import { Box, CircularProgress } from "@mui/material";
import { useTranslation } from "react-i18next";

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}
