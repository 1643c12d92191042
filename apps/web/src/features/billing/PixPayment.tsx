import { useState } from "react";
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { PIX_QR_SIZE, type PixCharge } from "@atendo/shared";
import { formatDate } from "../../lib/dates.js";
import { formatBrl } from "./api.js";

/** The Pix screen: a scannable QR code of the BR Code, the copy-and-paste code, and the wait for the payment. */
export function PixPayment({ charge, renewedUntil }: { charge: PixCharge; renewedUntil: string | null }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
      setCopied(true);
    } catch {
      // Without clipboard access the code stays selectable in the field.
    }
  };
  return (
    <Stack spacing={2} sx={{ alignItems: "center" }} data-testid="pix-payment">
      {renewedUntil ? (
        <Alert severity="success" data-testid="payment-renewed" sx={{ width: "100%" }}>
          {t("billing.renewed", { date: formatDate(renewedUntil) })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
          {t("billing.pix.instructions")}
        </Typography>
      )}
      <Typography variant="h6" data-testid="pix-value">
        {formatBrl(charge.valor.original)}
      </Typography>
      <Box sx={{ p: 1.5, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }} data-testid="pix-qrcode">
        <QRCodeSVG value={charge.qrcode.qrcode} size={PIX_QR_SIZE} marginSize={2} title={t("billing.pix.qrTitle")} />
      </Box>
      <TextField
        label={t("billing.pix.copyPaste")}
        value={charge.qrcode.qrcode}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { readOnly: true, "data-testid": "pix-code" } }}
        onFocus={(e) => e.target.select()}
      />
      <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()} data-testid="pix-copy">
        {copied ? t("billing.pix.copied") : t("billing.pix.copy")}
      </Button>
      {!renewedUntil && (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <CircularProgress size={16} />
          <Typography variant="body2" color="text.secondary">
            {t("billing.pix.waiting", { date: formatDate(charge.dueDate) })}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
