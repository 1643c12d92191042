import { useState } from "react";
import { Box, Divider, Paper, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../components/PageHeader.js";
import { SettingsOptions } from "../features/settings/SettingsOptions.js";
import { settingValue, useSettings } from "../features/settings/api.js";
import { CompanySchedulesForm } from "../features/working-hours/CompanySchedulesForm.js";

type SettingsTab = "options" | "schedules";

/** /settings: the Options tab; schedules and the super-user tabs arrive with their issues. */
export function SettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>("options");
  // The Schedules tab exists only while working hours are managed per company (administration section 2).
  const showSchedules = settingValue(useSettings().data, "scheduleType") === "company";
  const current = tab === "schedules" && !showSchedules ? "options" : tab;
  return (
    <>
      <PageHeader title={t("settings.title")} />
      <Paper variant="outlined">
        <Tabs value={current} onChange={(_event, value: SettingsTab) => setTab(value)} sx={{ px: 2 }}>
          <Tab value="options" label={t("settings.tabs.options")} data-testid="settings-tab-options" />
          {showSchedules && <Tab value="schedules" label={t("workingHours.tab")} data-testid="settings-tab-schedules" />}
        </Tabs>
        <Divider />
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          {current === "options" && <SettingsOptions />}
          {current === "schedules" && <CompanySchedulesForm />}
        </Box>
      </Paper>
    </>
  );
}
