import { useRef, useState } from "react";
import { Box, Button, Grid, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import UploadFile from "@mui/icons-material/UploadFile";
import { useTranslation } from "react-i18next";
import { LOGO_DESTINATIONS, type LogoDestination } from "@atendo/shared";
import { RequirePermission } from "../auth/RequirePermission.js";
import axios from "axios";
import { toastError, toastErrorText, toastSuccess, toastWarning } from "../errors/toast.js";
import { useUploadLogo } from "./api.js";
import { bumpLogoVersion, logoUrl, useLogoVersion } from "./logo-version.js";

/** What the server takes (PNG, ICO or SVG); it checks the bytes again, this only saves a round trip. */
const ACCEPT = ".png,.ico,.svg,image/png,image/x-icon,image/vnd.microsoft.icon,image/svg+xml";
const ALLOWED_EXTENSION = /\.(png|ico|svg)$/i;

const FAVICON_LINKS: Partial<Record<LogoDestination, string>> = {
  favicon: 'link[rel="icon"]:not([sizes])',
  "favicon-256x256": 'link[rel="icon"][sizes="256x256"]',
  "apple-touch-icon": 'link[rel="apple-touch-icon"]',
};

/** The open page's icons follow a new upload at once (index.html points them at the public logo routes). */
function refreshFavicon(destination: LogoDestination, version: number) {
  const selector = FAVICON_LINKS[destination];
  const link = selector ? document.head.querySelector<HTMLLinkElement>(selector) : null;
  if (link) link.href = logoUrl(destination, version);
}

function LogoUploadForm() {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const version = useLogoVersion();
  const [destination, setDestination] = useState<LogoDestination | "">("");
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    if (!ALLOWED_EXTENSION.test(picked.name)) {
      toastWarning(t("logos.wrongType"));
      if (input.current) input.current.value = "";
      return;
    }
    setFile(picked);
  };

  const submit = () => {
    if (!file) return toastWarning(t("logos.chooseFile"));
    if (!destination) return toastWarning(t("logos.chooseDestination"));
    upload.mutate(
      { destination, file },
      {
        onSuccess: (answer) => {
          if (answer.mensagem !== "Arquivo Anexado") return;
          toastSuccess(t("logos.uploaded"), { admin: true });
          bumpLogoVersion();
          refreshFavicon(destination, version + 1);
          setFile(null);
          if (input.current) input.current.value = "";
        },
        onError: (error) => {
          const code = axios.isAxiosError(error) ? (error.response?.data as { error?: unknown } | undefined)?.error : undefined;
          if (code === "ERR_INVALID_FILE_TYPE") toastErrorText(t("logos.wrongType"));
          else toastError(error);
        },
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          select
          label={t("logos.destination")}
          value={destination}
          onChange={(event) => setDestination(event.target.value as LogoDestination)}
          sx={{ minWidth: 240 }}
          data-testid="logo-destination"
        >
          {LOGO_DESTINATIONS.map((ref) => (
            <MenuItem key={ref} value={ref} data-testid={`logo-destination-${ref}`}>
              {t(`logos.destinations.${ref}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" component="label" startIcon={<UploadFile />} sx={{ height: 56 }}>
          {file ? file.name : t("logos.chooseFileButton")}
          <input
            ref={input}
            hidden
            type="file"
            accept={ACCEPT}
            onChange={(event) => pick(event.target.files?.[0])}
            data-testid="logo-file"
          />
        </Button>
        <Button variant="contained" onClick={submit} disabled={upload.isPending} sx={{ height: 56 }} data-testid="logo-submit">
          {t("logos.upload")}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t("logos.hint")}
      </Typography>
      <Grid container spacing={2} data-testid="logo-previews">
        {LOGO_DESTINATIONS.map((ref) => (
          <Grid key={ref} size={{ xs: 6, sm: 4, md: 2 }}>
            <Paper variant="outlined" sx={{ p: 1.5, height: "100%" }}>
              <Box sx={{ height: 72, display: "grid", placeItems: "center" }}>
                <Box
                  component="img"
                  src={logoUrl(ref, version)}
                  alt={t(`logos.destinations.${ref}`)}
                  sx={{ maxWidth: "100%", maxHeight: 72, objectFit: "contain" }}
                />
              </Box>
              <Typography variant="caption" component="p" sx={{ textAlign: "center", mt: 1 }}>
                {t(`logos.destinations.${ref}`)}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

/** The Logo tab of /settings (super users); anyone else is told 'Sem permissão para acessar!' and sent home. */
export function LogoSettingsTab() {
  return (
    <RequirePermission permission="logo:upload" deniedMessage="logos.denied">
      <LogoUploadForm />
    </RequirePermission>
  );
}
