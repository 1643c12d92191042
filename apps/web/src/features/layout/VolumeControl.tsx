import { useState } from "react";
import { Box, Slider } from "@mui/material";
import VolumeDown from "@mui/icons-material/VolumeDown";
import VolumeOff from "@mui/icons-material/VolumeOff";
import VolumeUp from "@mui/icons-material/VolumeUp";
import { useTranslation } from "react-i18next";
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from "@atendo/shared";
import { readVolume, storeVolume } from "../notifications/volume.js";

/** Notification volume, 0 to 1 in steps of 0.1, remembered in the browser (spec section 9). */
export function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useState(readVolume);
  const Icon = volume === 0 ? VolumeOff : volume < 0.5 ? VolumeDown : VolumeUp;

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, width: { xs: 72, sm: 140 }, mx: { xs: 0.5, sm: 1 } }}>
      <Icon fontSize="small" sx={{ display: { xs: "none", sm: "block" } }} />
      <Slider
        data-testid="volume-slider"
        size="small"
        sx={{ color: "inherit" }}
        min={VOLUME_MIN}
        max={VOLUME_MAX}
        step={VOLUME_STEP}
        value={volume}
        aria-label={t("layout.volume")}
        onChange={(_event, value) => {
          const next = Array.isArray(value) ? (value[0] ?? 0) : value;
          setVolume(next);
          storeVolume(next);
        }}
      />
    </Box>
  );
}
