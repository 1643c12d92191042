import { Box, CircularProgress, Tooltip } from "@mui/material";
import CheckCircle from "@mui/icons-material/CheckCircle";
import CropFree from "@mui/icons-material/CropFree";
import Dialpad from "@mui/icons-material/Dialpad";
import SignalCellularConnectedNoInternet0Bar from "@mui/icons-material/SignalCellularConnectedNoInternet0Bar";
import SignalCellularConnectedNoInternet2Bar from "@mui/icons-material/SignalCellularConnectedNoInternet2Bar";
import { useTranslation } from "react-i18next";
import type { ConnectionStatus } from "./types.js";

/** The status icon of a card with its tooltip per state (core-service section 4). */
export function ConnectionStatusIcon({ id, status }: { id: number; status: ConnectionStatus }) {
  const { t } = useTranslation();
  const icon = (() => {
    switch (status) {
      case "CONNECTED":
        return <CheckCircle color="success" />;
      case "qrcode":
        return <CropFree color="info" />;
      case "PAIRING":
        return <Dialpad color="warning" />;
      case "TIMEOUT":
        return <SignalCellularConnectedNoInternet2Bar color="warning" />;
      case "OPENING":
        return <CircularProgress size={22} />;
      default:
        return <SignalCellularConnectedNoInternet0Bar color="error" />;
    }
  })();
  return (
    <Tooltip
      title={
        <>
          <strong>{t(`connections.statusTitle.${status}`)}</strong>
          <br />
          {t(`connections.statusHint.${status}`)}
        </>
      }
    >
      <Box
        component="span"
        data-testid={`connection-status-${id}`}
        data-status={status}
        aria-label={t(`connections.statusTitle.${status}`)}
        sx={{ display: "inline-flex", alignItems: "center", width: 28, justifyContent: "center" }}
      >
        {icon}
      </Box>
    </Tooltip>
  );
}
