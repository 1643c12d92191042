import { Box } from "@mui/material";
import AccessTime from "@mui/icons-material/AccessTime";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import { useTranslation } from "react-i18next";

export type AckKind = "pending" | "sent" | "delivered" | "read";

/** Message ack icons (core-service section 4): 0 clock; 1 and 2 single tick; 3 double tick; 4 and 5 blue double ticks. */
export function ackKind(ack: number): AckKind {
  if (ack >= 4) return "read";
  if (ack === 3) return "delivered";
  if (ack >= 1) return "sent";
  return "pending";
}

export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const kind = ackKind(ack);
  const sx = { fontSize: 16, verticalAlign: "middle" };
  return (
    <Box
      component="span"
      data-testid="ack-icon"
      data-ack={ack}
      data-kind={kind}
      title={t(`simulator.ack.${kind}`)}
      aria-label={t(`simulator.ack.${kind}`)}
      sx={{ display: "inline-flex", color: kind === "read" ? "#34b7f1" : "text.secondary" }}
    >
      {kind === "pending" && <AccessTime sx={sx} />}
      {kind === "sent" && <Done sx={sx} />}
      {(kind === "delivered" || kind === "read") && <DoneAll sx={sx} />}
    </Box>
  );
}
