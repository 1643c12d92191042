import { Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { AnnouncementPriority } from "@atendo/shared";
import { PRIORITY_COLOR, PRIORITY_LABEL_KEY } from "./priority.js";

/** A coloured dot for an announcement's priority, named for screen readers. */
export function PriorityMarker({ priority }: { priority: AnnouncementPriority }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      role="img"
      aria-label={t(PRIORITY_LABEL_KEY[priority])}
      data-testid="announcement-priority"
      data-priority={priority}
      sx={{ display: "inline-block", flexShrink: 0, width: 10, height: 10, borderRadius: "50%", bgcolor: PRIORITY_COLOR[priority] }}
    />
  );
}
