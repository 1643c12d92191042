import { Alert, Box, Divider, Grid, Skeleton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  GLOBAL_SETTING_KEYS,
  PUBLIC_SETTING_KEYS,
  SECRET_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  isGlobalSettingKey,
  isSecretSettingKey,
  type SettingKey,
} from "@atendo/shared";
import { useCan } from "../auth/useCan.js";
import { settingValue, usePublicSetting, useSettings, type PublicSettingKey } from "./api.js";
import { SettingField } from "./SettingField.js";
import { SecretSettingField } from "./SecretSettingField.js";

const COMPANY_KEYS = SETTING_KEYS.filter((key) => !isGlobalSettingKey(key) && !isSecretSettingKey(key));

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Box component="section" data-testid={testId} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

function Cell({ children }: { children: React.ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, md: 4 }}>{children}</Grid>;
}

const isPublicKey = (key: SettingKey): key is PublicSettingKey => (PUBLIC_SETTING_KEYS as readonly string[]).includes(key);

/** Platform-wide keys read through their public endpoints, so they show whichever company the super user is in. */
function PublicGlobalSetting({ settingKey, disabled }: { settingKey: PublicSettingKey; disabled: boolean }) {
  const setting = usePublicSetting(settingKey);
  if (setting.isPending) return <Skeleton variant="rounded" height={56} />;
  return <SettingField settingKey={settingKey} value={setting.data ?? SETTING_DEFAULTS[settingKey]} disabled={disabled} />;
}

/**
 * The Options tab of /settings: company options; for super users the global settings and the Integrations secrets
 * (write-only, shown masked).
 */
export function SettingsOptions() {
  const { t } = useTranslation();
  const canUpdate = useCan("settings:update");
  const canSeeSecrets = useCan("settings:viewSecrets");
  const isSuper = useCan("settings:global");
  const settings = useSettings();

  const valueOf = (key: SettingKey) => settingValue(settings.data, key) ?? SETTING_DEFAULTS[key];

  if (settings.isPending) {
    return (
      <Grid container spacing={2}>
        {COMPANY_KEYS.map((key) => (
          <Cell key={key}>
            <Skeleton variant="rounded" height={56} />
          </Cell>
        ))}
      </Grid>
    );
  }

  return (
    <>
      {!canUpdate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("settings.readOnly")}
        </Alert>
      )}
      <Section title={t("settings.sections.company")} testId="settings-company">
        {COMPANY_KEYS.map((key) => (
          <Cell key={key}>
            <SettingField settingKey={key} value={valueOf(key)} disabled={!canUpdate} />
          </Cell>
        ))}
      </Section>
      {canSeeSecrets && (
        <>
          <Divider sx={{ mb: 3 }} />
          <Section title={t("settings.sections.integrations")} testId="settings-integrations">
            {SECRET_SETTING_KEYS.map((key) => (
              <Cell key={key}>
                <SecretSettingField settingKey={key} entry={settings.data?.find((entry) => entry.key === key)} />
              </Cell>
            ))}
          </Section>
        </>
      )}
      {isSuper && (
        <>
          <Divider sx={{ mb: 3 }} />
          <Section title={t("settings.sections.global")} testId="settings-global">
            {GLOBAL_SETTING_KEYS.map((key) => (
              <Cell key={key}>
                {isPublicKey(key) ? (
                  <PublicGlobalSetting settingKey={key} disabled={false} />
                ) : (
                  <SettingField settingKey={key} value={valueOf(key)} />
                )}
              </Cell>
            ))}
          </Section>
        </>
      )}
    </>
  );
}
