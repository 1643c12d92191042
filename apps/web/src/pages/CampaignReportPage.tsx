import { useEffect, useRef } from "react";
import { Box, Card, CardContent, Chip, Grid, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { CAMPAIGN_REPORT_REFRESH_MS, displayNumber, type CampaignView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { FullPageSpinner } from "../components/FullPageSpinner.js";
import { useCampaign, useCampaignEvents } from "../features/campaigns/api.js";
import { CAMPAIGN_STATUS_KEY, campaignProgress } from "../features/campaigns/campaign-status.js";

/**
 * Campaign report (/campaign/{id}/report, administration sections 2 and 4): the progress bar (delivered / valid
 * contacts × 100) and the stat cards, moved live by the `campaign` events; refreshed 5 s after a FINALIZADA update
 * (a send that failed at WhatsApp after the last event shows then). Failed sends are listed with their reason.
 */
export function CampaignReportPage() {
  const { t } = useTranslation();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const campaign = useCampaign(id);
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useCampaignEvents((record: CampaignView) => {
    if (record.id !== id || record.status !== "FINALIZADA") return;
    if (refresh.current) clearTimeout(refresh.current);
    refresh.current = setTimeout(() => void campaign.refetch(), CAMPAIGN_REPORT_REFRESH_MS);
  });
  useEffect(() => () => {
    if (refresh.current) clearTimeout(refresh.current);
  }, []);

  if (!campaign.data) return <FullPageSpinner />;
  const data = campaign.data;
  const progress = campaignProgress(data);
  const cards = [
    ["validContacts", data.stats.validContacts],
    ["confirmationRequested", data.stats.confirmationRequested],
    ["confirmed", data.stats.confirmed],
    ["delivered", data.stats.delivered],
    ["failed", data.stats.failed],
    ["optedOut", data.stats.optedOut],
  ] as const;

  return (
    <>
      <PageHeader title={t("campaigns.reportTitle", { name: data.name })} actions={<Chip label={t(CAMPAIGN_STATUS_KEY[data.status])} data-testid="campaign-report-status" />} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Box sx={{ flex: 1 }}>
            <LinearProgress variant="determinate" value={progress} data-testid="campaign-report-progress" aria-valuenow={progress} />
          </Box>
          <Typography data-testid="campaign-report-percent">{progress}%</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("campaigns.reportMeta", {
            connection: data.whatsapp?.name ?? t("campaigns.defaultConnection"),
            list: data.contactList?.name ?? t("campaigns.none"),
            scheduledAt: data.scheduledAt ? new Date(data.scheduledAt).toLocaleString() : "—",
            completedAt: data.completedAt ? new Date(data.completedAt).toLocaleString() : "—",
          })}
        </Typography>
      </Paper>
      <Grid container spacing={2}>
        {cards.map(([key, value]) => (
          <Grid key={key} size={{ xs: 6, md: 4, lg: 2 }}>
            <Card variant="outlined" data-testid={`campaign-card-${key}`}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t(`campaigns.stats.${key}`)}
                </Typography>
                <Typography variant="h5" data-testid={`campaign-card-${key}-value`}>
                  {value}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      {data.stats.failures.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 2 }}>
          <Table size="small" data-testid="campaign-report-failures">
            <TableHead>
              <TableRow>
                <TableCell>{t("campaigns.failureName")}</TableCell>
                <TableCell>{t("campaigns.failureNumber")}</TableCell>
                <TableCell>{t("campaigns.failureReason")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.stats.failures.map((failure) => (
                <TableRow key={failure.number}>
                  <TableCell>{failure.name}</TableCell>
                  <TableCell>{displayNumber(failure.number)}</TableCell>
                  <TableCell>{t(`errors.${failure.reason}`, { defaultValue: failure.reason })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
