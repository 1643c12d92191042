import { useEffect, useState } from "react";
import { BottomNavigation, BottomNavigationAction, Box, Paper, Typography, useMediaQuery, useTheme } from "@mui/material";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TicketPanel } from "../features/tickets/TicketPanel.js";
import { TicketsManager } from "../features/tickets/TicketsManager.js";
import { useTicketsRealtime } from "../features/tickets/useTicketsRealtime.js";

// The shell's top bar and main padding.
const PAGE_HEIGHT = { xs: "calc(100vh - 56px - 24px)", sm: "calc(100vh - 64px - 48px)" };

function WelcomePanel() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-testid="tickets-welcome"
      sx={{ height: "100%", display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 1, p: 3, textAlign: "center" }}
    >
      <ForumOutlined sx={{ fontSize: 64, color: "text.disabled" }} />
      <Typography variant="h6">{t("tickets.welcome.title")}</Typography>
      <Typography sx={{ color: "text.secondary" }}>{t("tickets.welcome.text")}</Typography>
    </Paper>
  );
}

/**
 * Tickets screen (/tickets/:ticketId?, core-service section 2): the lists on the left third and the conversation on
 * the right two thirds from md up; below md one of them at a time, switched by the bottom tabs Ticket / Atendimentos.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"));
  const [mobileTab, setMobileTab] = useState<"ticket" | "list">(ticketId ? "ticket" : "list");
  useTicketsRealtime();

  // Opening a ticket on a narrow screen shows it.
  useEffect(() => {
    setMobileTab(ticketId ? "ticket" : "list");
  }, [ticketId]);

  const conversation = ticketId ? <TicketPanel key={ticketId} uuid={ticketId} /> : <WelcomePanel />;
  const list = <TicketsManager selectedUuid={ticketId} />;

  if (wide) {
    return (
      <Box sx={{ display: "flex", gap: 1.5, height: PAGE_HEIGHT, minHeight: 420 }} data-testid="tickets-page">
        <Box sx={{ width: "33.333%", minWidth: 0, height: "100%" }}>{list}</Box>
        <Box sx={{ width: "66.667%", minWidth: 0, height: "100%" }}>{conversation}</Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: PAGE_HEIGHT, minHeight: 420 }} data-testid="tickets-page">
      <Box sx={{ flex: 1, minHeight: 0 }}>{mobileTab === "ticket" ? conversation : list}</Box>
      <BottomNavigation showLabels value={mobileTab} onChange={(_, value: "ticket" | "list") => setMobileTab(value)}>
        <BottomNavigationAction value="ticket" label={t("tickets.mobile.ticket")} icon={<ChatOutlined />} data-testid="tickets-mobile-ticket" />
        <BottomNavigationAction value="list" label={t("tickets.mobile.list")} icon={<ForumOutlined />} data-testid="tickets-mobile-list" />
      </BottomNavigation>
    </Box>
  );
}
