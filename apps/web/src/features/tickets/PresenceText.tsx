import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useTicketPresence } from "./presence-store.js";

/** 'digitando...' or 'gravando áudio...' while the customer does so; nothing otherwise. */
export function PresenceText({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const presence = useTicketPresence(ticketId);
  if (!presence) return null;
  return (
    <Typography variant="caption" data-testid={`ticket-presence-${ticketId}`} sx={{ color: "success.main", fontStyle: "italic" }}>
      {t(`tickets.presence.${presence}`)}
    </Typography>
  );
}
