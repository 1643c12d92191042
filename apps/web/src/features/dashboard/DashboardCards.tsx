import { Box, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { DashboardCards as Cards } from "@atendo/shared";
import { formatDuration } from "./format.js";

/** The period's figures: pending, open and closed tickets, new contacts, average waiting and handling times. */
export function DashboardCards({ cards }: { cards: Cards }) {
  const { t } = useTranslation();
  const items: { key: string; value: string }[] = [
    { key: "pending", value: String(cards.pending) },
    { key: "open", value: String(cards.open) },
    { key: "closed", value: String(cards.closed) },
    { key: "newContacts", value: String(cards.newContacts) },
    { key: "avgWait", value: formatDuration(cards.avgWaitSeconds) },
    { key: "avgHandle", value: formatDuration(cards.avgHandleSeconds) },
  ];
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(3, 1fr)", lg: "repeat(6, 1fr)" } }}>
      {items.map((item) => (
        <Paper key={item.key} variant="outlined" sx={{ p: 2 }} data-testid={`dashboard-card-${item.key}`}>
          <Typography variant="body2" color="text.secondary">
            {t(`dashboard.cards.${item.key}`)}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`dashboard-card-${item.key}-value`}>
            {item.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
