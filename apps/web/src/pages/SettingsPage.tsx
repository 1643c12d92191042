import { useState } from "react";
import { Box, Divider, Paper, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../components/PageHeader.js";
import { SettingsOptions } from "../features/settings/SettingsOptions.js";
import { settingValue, useSettings } from "../features/settings/api.js";
import { CompanySchedulesForm } from "../features/working-hours/CompanySchedulesForm.js";
import { HelpsSettingsTab } from "../features/helps/HelpsSettingsTab.js";
import { useCan } from "../features/auth/useCan.js";
import { LogoSettingsTab } from "../features/settings/LogoSettingsTab.js";
import { CompaniesTab } from "../features/platform/CompaniesTab.js";
import { RegisterCompanyTab } from "../features/platform/RegisterCompanyTab.js";
import { PlansTab } from "../features/platform/PlansTab.js";

type SettingsTab = "options" | "schedules" | "logo" | "helps" | "companies" | "registerCompany" | "plans";
const PLATFORM_TABS: readonly SettingsTab[] = ["companies", "registerCompany", "plans"];

/** /settings: the Options tab; schedules and the super-user tabs arrive with their issues. */
export function SettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>("options");
  // The Schedules tab exists only while working hours are managed per company (administration section 2).
  const showSchedules = settingValue(useSettings().data, "scheduleType") === "company";
  const showHelps = useCan("helps:manage");
  const showLogo = useCan("logo:upload");
  // Companies, Register Company and Plans: super users (administration section 2).
  const showPlatform = useCan("companies:manage");
  const current =
    (tab === "schedules" && !showSchedules) || (tab === "helps" && !showHelps) || (PLATFORM_TABS.includes(tab) && !showPlatform) ? "options" : tab;
  return (
    <>
      <PageHeader title={t("settings.title")} />
      <Paper variant="outlined">
        <Tabs value={current} onChange={(_event, value: SettingsTab) => setTab(value)} sx={{ px: 2 }}>
          <Tab value="options" label={t("settings.tabs.options")} data-testid="settings-tab-options" />
          {showSchedules && <Tab value="schedules" label={t("workingHours.tab")} data-testid="settings-tab-schedules" />}
          {showLogo && <Tab value="logo" label={t("logos.tab")} data-testid="settings-tab-logo" />}
          {showPlatform && <Tab value="companies" label={t("platform.tabs.companies")} data-testid="settings-tab-companies" />}
          {showPlatform && <Tab value="registerCompany" label={t("platform.tabs.registerCompany")} data-testid="settings-tab-registerCompany" />}
          {showPlatform && <Tab value="plans" label={t("platform.tabs.plans")} data-testid="settings-tab-plans" />}
          {showHelps && <Tab value="helps" label={t("helps.tab")} data-testid="settings-tab-helps" />}
        </Tabs>
        <Divider />
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          {current === "options" && <SettingsOptions />}
          {current === "schedules" && <CompanySchedulesForm />}
          {current === "logo" && <LogoSettingsTab />}
          {current === "companies" && <CompaniesTab />}
          {current === "registerCompany" && <RegisterCompanyTab />}
          {current === "plans" && <PlansTab />}
          {current === "helps" && <HelpsSettingsTab />}
        </Box>
      </Paper>
    </>
  );
}
