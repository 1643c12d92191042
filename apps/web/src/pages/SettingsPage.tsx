import { useState } from "react";
import { Box, Divider, Paper, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../components/PageHeader.js";
import { SettingsOptions } from "../features/settings/SettingsOptions.js";

type SettingsTab = "options";

/** /settings: the Options tab; schedules and the super-user tabs arrive with their issues. */
export function SettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>("options");
  return (
    <>
      <PageHeader title={t("settings.title")} />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_event, value: SettingsTab) => setTab(value)} sx={{ px: 2 }}>
          <Tab value="options" label={t("settings.tabs.options")} data-testid="settings-tab-options" />
        </Tabs>
        <Divider />
        <Box sx={{ p: { xs: 2, sm: 3 } }}>{tab === "options" && <SettingsOptions />}</Box>
      </Paper>
    </>
  );
}
