import { useMemo, useState } from "react";
import { Box, Button, CircularProgress, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { useTranslation } from "react-i18next";
import type { DashboardExportFormat } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { useAuth } from "../features/auth/auth-context.js";
import { toastError } from "../features/errors/toast.js";
import { useQueues } from "../features/queues/api.js";
import { useUserNames } from "../features/tickets/api.js";
import { downloadDashboardExport, useDashboard, useDashboardLiveRefresh } from "../features/dashboard/api.js";
import { dashboardParams, dayString, type PeriodChoice, type PeriodKind } from "../features/dashboard/period.js";
import { DashboardCards } from "../features/dashboard/DashboardCards.js";
import { DashboardCharts } from "../features/dashboard/DashboardCharts.js";
import { AgentsTable } from "../features/dashboard/AgentsTable.js";

const KINDS: PeriodKind[] = ["today", "7d", "30d", "custom"];

/** The admins' home (/): the period's ticket figures, charts, agents and ratings, refreshed live; export to XLSX/CSV. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const today = dayString(new Date());
  const [choice, setChoice] = useState<PeriodChoice>({ kind: "7d", start: today, end: today });
  const [queueId, setQueueId] = useState<number | "">("");
  const [userId, setUserId] = useState<number | "">("");
  const [exporting, setExporting] = useState<DashboardExportFormat | null>(null);
  const params = useMemo(
    () => dashboardParams(choice, { queueId: queueId || undefined, userId: userId || undefined }),
    [choice, queueId, userId],
  );
  const dashboard = useDashboard(params);
  const queues = useQueues();
  const users = useUserNames();
  useDashboardLiveRefresh(user?.companyId);

  const exportAs = async (format: DashboardExportFormat) => {
    if (!params) return;
    setExporting(format);
    try {
      await downloadDashboardExport(params, format);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(null);
    }
  };

  const view = dashboard.data;
  return (
    <Box sx={{ p: 2, display: "flex", flexDirection: "column", gap: 2 }} data-testid="dashboard-page">
      <PageHeader
        title={t("dashboard.title")}
        actions={
          <Box sx={{ display: "flex", gap: 1 }}>
            {(["xlsx", "csv"] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                startIcon={exporting === format ? <CircularProgress size={16} /> : <FileDownloadOutlined />}
                disabled={!params || exporting !== null}
                onClick={() => void exportAs(format)}
                data-testid={`dashboard-export-${format}`}
              >
                {t(`dashboard.export.${format}`)}
              </Button>
            ))}
          </Box>
        }
      />
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={choice.kind}
          onChange={(_, kind: PeriodKind | null) => kind && setChoice((c) => ({ ...c, kind }))}
          data-testid="dashboard-period"
        >
          {KINDS.map((kind) => (
            <ToggleButton key={kind} value={kind} data-testid={`dashboard-period-${kind}`}>
              {t(`dashboard.period.${kind}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {choice.kind === "custom" && (
          <>
            <TextField
              size="small"
              type="date"
              label={t("dashboard.period.start")}
              value={choice.start ?? ""}
              onChange={(e) => setChoice((c) => ({ ...c, start: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
              data-testid="dashboard-start"
            />
            <TextField
              size="small"
              type="date"
              label={t("dashboard.period.end")}
              value={choice.end ?? ""}
              onChange={(e) => setChoice((c) => ({ ...c, end: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
              error={!params}
              helperText={!params ? t("dashboard.period.invalid") : undefined}
              data-testid="dashboard-end"
            />
          </>
        )}
        <TextField
          select
          size="small"
          label={t("dashboard.filters.queue")}
          value={queueId}
          onChange={(e) => setQueueId(e.target.value === "" ? "" : Number(e.target.value))}
          sx={{ minWidth: 180 }}
          data-testid="dashboard-queue"
        >
          <MenuItem value="">{t("dashboard.filters.all")}</MenuItem>
          {(queues.data ?? []).map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t("dashboard.filters.agent")}
          value={userId}
          onChange={(e) => setUserId(e.target.value === "" ? "" : Number(e.target.value))}
          sx={{ minWidth: 180 }}
          data-testid="dashboard-agent"
        >
          <MenuItem value="">{t("dashboard.filters.all")}</MenuItem>
          {(users.data ?? []).map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        {dashboard.isFetching && <CircularProgress size={20} data-testid="dashboard-loading" />}
      </Box>
      {view ? (
        <>
          <DashboardCards cards={view.cards} />
          <DashboardCharts view={view} />
          <AgentsTable agents={view.agents} />
        </>
      ) : dashboard.isError ? (
        <Typography color="error">{t("dashboard.loadError")}</Typography>
      ) : (
        <Box sx={{ display: "flex", justifyContent: "center", p: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </Box>
  );
}
