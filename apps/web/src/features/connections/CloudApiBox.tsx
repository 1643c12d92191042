import { Alert, Box, Button, IconButton, InputAdornment, Stack, TextField, Typography } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import Refresh from "@mui/icons-material/Refresh";
import { useTranslation } from "react-i18next";
import { API_BASE_URL } from "../auth/api.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { useCloudTemplates, useRefreshCloudTemplates } from "../conversation/templates-api.js";
import type { Connection } from "./types.js";

/** The webhook URL as Meta needs it: the server answers a path when PUBLIC_URL is not set; the API's origin completes it. */
export function absoluteWebhookUrl(url: string): string {
  return url.startsWith("/") ? `${API_BASE_URL.replace(/\/+$/, "")}${url}` : url;
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toastSuccess(t("connections.cloud.copied"));
    } catch {
      // Clipboard refused (insecure origin): the field can still be selected by hand.
    }
  };
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={value}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, "data-testid": testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={t("connections.cloud.copy")} onClick={() => void copy()} data-testid={`${testId}-copy`}>
                <ContentCopy fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * A Cloud API connection on its card: the number's name and quality as Meta reports them, why it is not working
 * (a Graph API error such as an expired token), and what to paste in Meta's app settings, with copy buttons.
 */
export function CloudApiBox({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const { id } = connection;
  const refresh = useRefreshCloudTemplates();
  // Not fetched for the card (it may ask Meta): the count shows once refreshed here or loaded by the composer.
  const known = useCloudTemplates(id, false).data;
  return (
    <Stack spacing={1} data-testid={`connection-cloud-${id}`}>
      {connection.cloudDisplayName && (
        <Typography variant="body2" data-testid={`connection-cloud-name-${id}`}>
          {connection.cloudDisplayName}
          {connection.cloudQualityRating ? ` · ${t("connections.cloud.quality")}: ${connection.cloudQualityRating}` : ""}
        </Typography>
      )}
      {connection.statusReason && (
        <Alert severity="error" data-testid={`connection-cloud-error-${id}`}>
          {connection.statusReason}
        </Alert>
      )}
      {connection.cloudWebhookUrl && connection.cloudVerifyToken && (
        <>
          <CopyField label={t("connections.cloud.webhookUrl")} value={absoluteWebhookUrl(connection.cloudWebhookUrl)} testId={`connection-cloud-webhook-${id}`} />
          <CopyField label={t("connections.cloud.verifyToken")} value={connection.cloudVerifyToken} testId={`connection-cloud-verify-${id}`} />
          {!connection.cloudWebhookVerified && (
            <Box component="ol" sx={{ m: 0, pl: 2.5, typography: "caption", color: "text.secondary" }} data-testid={`connection-cloud-steps-${id}`}>
              <li>{t("connections.cloud.step1")}</li>
              <li>{t("connections.cloud.step2")}</li>
              <li>{t("connections.cloud.step3")}</li>
            </Box>
          )}
        </>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<Refresh />}
          disabled={refresh.isPending}
          onClick={() => refresh.mutate(id, { onError: (error) => toastError(error) })}
          data-testid={`connection-cloud-templates-refresh-${id}`}
        >
          {t("connections.cloud.refreshTemplates")}
        </Button>
        {known && (
          <Typography variant="caption" sx={{ color: "text.secondary" }} data-testid={`connection-cloud-templates-count-${id}`}>
            {t("connections.cloud.templatesCount", { count: known.length })}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
