import { useEffect, useState } from "react";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { companyEvent } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";
import { useConnection, useStartSession } from "./api.js";
import type { WhatsappSessionEvent } from "./types.js";

interface Props {
  /** The connection whose QR code is shown; null when closed. */
  whatsappId: number | null;
  onClose: () => void;
}

const STEPS = ["step1", "step2", "step3", "step4"] as const;
const PAIRING_STEPS = ["pairingStep1", "pairingStep2", "pairingStep3"] as const;

/**
 * The QR code dialog (core-service sections 2 and 4): four instruction steps and the QR (size 256) or a waiting text.
 * A session update for this connection replaces the QR; one with an empty QR (the phone read it) closes the dialog.
 * Where the provider can pair by code, the phone number may be given instead and the pairing code is shown.
 */
export function QrDialog({ whatsappId, onClose }: Props) {
  const open = whatsappId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" data-testid="qr-dialog">
      {open && <QrDialogBody key={whatsappId} whatsappId={whatsappId} onClose={onClose} />}
    </Dialog>
  );
}

function QrDialogBody({ whatsappId, onClose }: { whatsappId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const connection = useConnection(whatsappId);
  const start = useStartSession();
  const [pushedQr, setPushedQr] = useState<string | null>(null);
  const [pushedPairingCode, setPushedPairingCode] = useState<string | null>(null);
  const [mode, setMode] = useState<"qr" | "pairing">("qr");
  const [pairingNumber, setPairingNumber] = useState("");
  const [pairingRequested, setPairingRequested] = useState(false);
  const [numberError, setNumberError] = useState<string | null>(null);

  useEffect(() => {
    if (connection.data?.status === "PAIRING" && connection.data.pairingCode) setMode("pairing");
  }, [connection.data?.status, connection.data?.pairingCode]);

  useSocketEvent<WhatsappSessionEvent>(user ? companyEvent.whatsappSession(user.companyId) : null, (event) => {
    const session = event?.session;
    if (event?.action !== "update" || !session || Number(session.id) !== whatsappId) return;
    if (mode === "pairing") {
      if (session.status === "CONNECTED") onClose();
      else if (session.pairingCode) setPushedPairingCode(session.pairingCode);
      return;
    }
    if (!session.qrcode) {
      onClose();
      return;
    }
    setPushedQr(session.qrcode);
  });

  const qrcode = pushedQr ?? connection.data?.qrcode ?? "";
  const pairingCode = pushedPairingCode ?? (pairingRequested || connection.data?.status === "PAIRING" ? connection.data?.pairingCode : "") ?? "";
  const canPair = connection.data?.capabilities?.pairingCode === true;

  const requestPairing = async () => {
    const digits = pairingNumber.replace(/\D/g, "");
    if (digits.length < 8 || digits.length > 15) {
      setNumberError(t("validation.invalidNumber"));
      return;
    }
    setNumberError(null);
    setPairingRequested(true);
    setPushedPairingCode(null);
    const answer = await start.mutateAsync({ id: whatsappId, pairingNumber: digits }).catch(() => undefined);
    if (answer && typeof answer === "object" && typeof answer.pairingCode === "string" && answer.pairingCode) {
      setPushedPairingCode(answer.pairingCode);
    }
  };

  return (
    <>
      <DialogTitle>{connection.data ? t("connections.qr.titleOf", { name: connection.data.name }) : t("connections.qr.title")}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: "column", md: "row" }} spacing={3} sx={{ alignItems: { md: "center" } }}>
          <Box sx={{ maxWidth: 360 }}>
            <Typography variant="subtitle1" gutterBottom>
              {mode === "qr" ? t("connections.qr.instructionsTitle") : t("connections.qr.pairingTitle")}
            </Typography>
            <Box component="ol" sx={{ pl: 2.5, m: 0, display: "flex", flexDirection: "column", gap: 1 }} data-testid="qr-steps">
              {(mode === "qr" ? STEPS : PAIRING_STEPS).map((step) => (
                <Typography component="li" variant="body2" key={step}>
                  {t(`connections.qr.${step}`)}
                </Typography>
              ))}
            </Box>
          </Box>
          <Box sx={{ minWidth: 272, minHeight: 272, display: "flex", alignItems: "center", justifyContent: "center" }}>
            {mode === "qr" ? (
              qrcode ? (
                <Box data-testid="qr-image" data-qr={qrcode} sx={{ p: 1, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }}>
                  <QRCodeSVG value={qrcode} size={256} />
                </Box>
              ) : (
                <Stack spacing={2} sx={{ alignItems: "center" }} data-testid="qr-waiting">
                  <CircularProgress />
                  <Typography variant="body2">{t("connections.qr.waiting")}</Typography>
                </Stack>
              )
            ) : pairingCode ? (
              <Stack spacing={1} sx={{ alignItems: "center" }}>
                <Typography variant="body2">{t("connections.qr.pairingCodeLabel")}</Typography>
                <Typography
                  variant="h4"
                  sx={{ fontFamily: "monospace", letterSpacing: 4 }}
                  data-testid="qr-pairing-code"
                >
                  {formatPairingCode(pairingCode)}
                </Typography>
              </Stack>
            ) : (
              <Stack spacing={1.5} sx={{ width: 272 }}>
                <TextField
                  label={t("connections.qr.phoneNumber")}
                  placeholder="5511999999999"
                  value={pairingNumber}
                  onChange={(e) => setPairingNumber(e.target.value)}
                  error={Boolean(numberError)}
                  helperText={numberError ?? t("connections.qr.phoneNumberHelp")}
                  slotProps={{ htmlInput: { inputMode: "tel" } }}
                  data-testid="qr-pairing-number"
                />
                <Button
                  variant="contained"
                  onClick={() => void requestPairing()}
                  disabled={start.isPending || (pairingRequested && !pairingCode && !start.isError)}
                  data-testid="qr-pairing-submit"
                >
                  {pairingRequested && !pairingCode && !start.isError ? t("connections.qr.waitingCode") : t("connections.qr.getPairingCode")}
                </Button>
              </Stack>
            )}
          </Box>
        </Stack>
        {canPair && (
          <>
            <Divider sx={{ my: 2 }} />
            <Button
              size="small"
              onClick={() => {
                setMode((m) => (m === "qr" ? "pairing" : "qr"));
                setPairingRequested(false);
                setPushedPairingCode(null);
              }}
              data-testid="qr-pairing-toggle"
            >
              {mode === "qr" ? t("connections.qr.usePhoneNumber") : t("connections.qr.useQr")}
            </Button>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="qr-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </>
  );
}

/** WhatsApp shows pairing codes as two groups of four (ABCD-EFGH). */
function formatPairingCode(code: string): string {
  const clean = code.replace(/[^0-9A-Za-z]/g, "");
  return clean.length === 8 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : code;
}
