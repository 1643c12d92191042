import type { ReactNode } from "react";
import { Box, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "../features/layout/LanguageSelect.js";

/** The frame of the public pages (login, signup, password reset); `logo` replaces the product name at the top. */
export function PublicCard({ title, logo, children }: { title: string; logo?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
      <Box sx={{ display: "flex", justifyContent: "flex-end", p: 1.5 }}>
        <LanguageSelect />
      </Box>
      <Box sx={{ flexGrow: 1, display: "grid", placeItems: "center", px: 2, pb: 6 }}>
        <Paper elevation={3} sx={{ width: "100%", maxWidth: 400, p: { xs: 3, sm: 4 } }}>
          {logo ?? (
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: "primary.main", textAlign: "center" }}>
              {t("common.appName")}
            </Typography>
          )}
          <Typography variant="h6" component="h1" sx={{ textAlign: "center", mt: 1, mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
