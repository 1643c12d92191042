import { useEffect, useState } from "react";
import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { TICKET_AGE_REFRESH_MS } from "@atendo/shared";
import { ticketAge } from "./ticket-age.js";

/** Time since the ticket's last message, refreshed every 30 s (core-service section 9). */
export function TicketAgeLabel({ since }: { since: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICKET_AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const age = ticketAge(since, now);
  return (
    <Typography
      variant="caption"
      data-testid="ticket-age"
      data-color={age.color ?? "none"}
      sx={{ color: age.color ? `${age.color}.main` : "text.secondary", fontWeight: age.color ? 600 : 400, whiteSpace: "nowrap" }}
    >
      {t(`tickets.age.${age.unit}`, { count: age.value })}
    </Typography>
  );
}
