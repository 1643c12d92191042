import { useState } from "react";
import { Box, Typography, type SxProps, type Theme } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LogoDestination } from "@atendo/shared";
import { logoUrl, useLogoVersion } from "./logo-version.js";

interface Props {
  destination: LogoDestination;
  /** The image's box; by default up to 72 px high and the width of its container. */
  sx?: SxProps<Theme>;
}

/**
 * The platform's logo for one place (login, signup, interno): what a super user uploaded in the Logo tab, else the
 * built-in one. Falls back to the product name if the image cannot load (server unreachable).
 */
export function PlatformLogo({ destination, sx }: Props) {
  const { t } = useTranslation();
  const version = useLogoVersion();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: "primary.main", textAlign: "center" }} data-testid={`platform-logo-${destination}`}>
        {t("common.appName")}
      </Typography>
    );
  }
  return (
    <Box
      component="img"
      src={logoUrl(destination, version)}
      alt={t("common.appName")}
      onError={() => setFailed(true)}
      data-testid={`platform-logo-${destination}`}
      sx={[{ display: "block", mx: "auto", maxWidth: "100%", maxHeight: 72, objectFit: "contain" }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
