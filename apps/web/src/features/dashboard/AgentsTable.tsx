import { Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { DashboardAgentRow } from "@atendo/shared";
import { formatDuration } from "./format.js";

/** One row per agent: online now, the period's tickets, average times and rating. */
export function AgentsTable({ agents }: { agents: DashboardAgentRow[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="dashboard-agents">
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 2 }}>
        {t("dashboard.agents.title")}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t("dashboard.agents.name")}</TableCell>
            <TableCell>{t("dashboard.agents.status")}</TableCell>
            <TableCell align="right">{t("dashboard.agents.tickets")}</TableCell>
            <TableCell align="right">{t("dashboard.agents.closed")}</TableCell>
            <TableCell align="right">{t("dashboard.agents.avgWait")}</TableCell>
            <TableCell align="right">{t("dashboard.agents.avgHandle")}</TableCell>
            <TableCell align="right">{t("dashboard.agents.rating")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {agents.map((agent) => (
            <TableRow key={agent.userId} data-testid={`dashboard-agent-${agent.userId}`}>
              <TableCell>{agent.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={agent.online ? "success" : "default"}
                  label={t(agent.online ? "dashboard.agents.online" : "dashboard.agents.offline")}
                />
              </TableCell>
              <TableCell align="right">{agent.tickets}</TableCell>
              <TableCell align="right">{agent.closed}</TableCell>
              <TableCell align="right">{formatDuration(agent.avgWaitSeconds)}</TableCell>
              <TableCell align="right">{formatDuration(agent.avgHandleSeconds)}</TableCell>
              <TableCell align="right">
                {agent.avgRating === null ? "–" : `${agent.avgRating.toFixed(1)} (${agent.ratings})`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
