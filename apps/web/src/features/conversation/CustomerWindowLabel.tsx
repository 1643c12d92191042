import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TicketView } from "@atendo/shared";
import { formatShortDateTime } from "../../lib/dates.js";
import { useCustomerWindow } from "./customer-window.js";

const pad = (n: number) => String(n).padStart(2, "0");

/** HH:mm when the window closes today, else the short date and time. */
function closingTime(date: Date): string {
  const now = new Date();
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : formatShortDateTime(date);
}

/** The conversation header's line about the Cloud API's 24-hour window; nothing for providers without one. */
export function CustomerWindowLabel({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const window = useCustomerWindow(ticket);
  if (!window) return null;
  return (
    <Typography
      variant="caption"
      sx={{ display: "block", color: window.open ? "text.secondary" : "warning.main" }}
      data-testid="customer-window"
      data-open={window.open}
    >
      {window.open ? t("composer.window.openUntil", { time: closingTime(window.expiresAt) }) : t("composer.window.closed")}
    </Typography>
  );
}
