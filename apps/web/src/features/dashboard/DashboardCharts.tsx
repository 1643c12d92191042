import type { ReactNode } from "react";
import { Box, Paper, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import { useTranslation } from "react-i18next";
import type { DashboardView } from "@atendo/shared";
import { bucketLabel } from "./format.js";

const STATUS_COLORS = { pending: "#f9a825", open: "#1e88e5", closed: "#43a047" } as const;

function ChartBox({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Tickets per day (or hour), per queue and per status, and the rating distribution. */
export function DashboardCharts({ view }: { view: DashboardView }) {
  const { t } = useTranslation();
  const statuses = (["pending", "open", "closed"] as const).map((status) => ({
    id: status,
    label: t(`dashboard.cards.${status}`),
    value: view.cards[status],
    color: STATUS_COLORS[status],
  }));
  const queues = view.perQueue.map((q) => ({
    id: q.queueId ?? "none",
    label: q.name ?? t("dashboard.noQueue"),
    value: q.count,
    ...(q.color ? { color: q.color } : {}),
  }));
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "2fr 1fr" } }}>
      <ChartBox title={t(view.granularity === "hour" ? "dashboard.charts.perHour" : "dashboard.charts.perDay")} testId="dashboard-chart-time">
        <BarChart
          height={260}
          xAxis={[{ scaleType: "band", data: view.perTime.map((b) => bucketLabel(b.bucket)) }]}
          series={[{ data: view.perTime.map((b) => b.count), label: t("dashboard.charts.tickets") }]}
          hideLegend
        />
      </ChartBox>
      <ChartBox title={t("dashboard.charts.perStatus")} testId="dashboard-chart-status">
        <PieChart height={260} series={[{ data: statuses, innerRadius: 50 }]} />
      </ChartBox>
      <ChartBox title={t("dashboard.charts.perQueue")} testId="dashboard-chart-queue">
        {queues.length === 0 ? (
          <Typography color="text.secondary">{t("dashboard.empty")}</Typography>
        ) : (
          <BarChart
            height={260}
            layout="horizontal"
            yAxis={[{ scaleType: "band", data: queues.map((q) => q.label), width: 110 }]}
            series={[{ data: queues.map((q) => q.value), label: t("dashboard.charts.tickets") }]}
            hideLegend
          />
        )}
      </ChartBox>
      <ChartBox title={t("dashboard.charts.ratings")} testId="dashboard-chart-ratings">
        <BarChart
          height={260}
          xAxis={[{ scaleType: "band", data: view.ratings.map((r) => String(r.rate)) }]}
          series={[{ data: view.ratings.map((r) => r.count), label: t("dashboard.charts.ratingsCount"), color: "#fb8c00" }]}
          hideLegend
        />
      </ChartBox>
    </Box>
  );
}
