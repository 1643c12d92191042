import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { AnnouncementView } from "@atendo/shared";
import { formatShortDateTime } from "../../lib/dates.js";
import { AnnouncementAttachment } from "./AnnouncementAttachment.js";
import { PriorityMarker } from "./PriorityMarker.js";

/** One announcement opened from the bell: its text and attachment. */
export function AnnouncementReader({ announcement, onClose }: { announcement: AnnouncementView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={announcement !== null} onClose={onClose} fullWidth maxWidth="sm" data-testid="announcement-reader">
      {announcement && (
        <>
          <DialogTitle sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
            <PriorityMarker priority={announcement.priority} />
            <Box component="span" data-testid="announcement-reader-title">
              {announcement.title}
            </Box>
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="caption" color="text.secondary">
                {formatShortDateTime(announcement.createdAt)}
              </Typography>
              <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="announcement-reader-text">
                {announcement.text}
              </Typography>
              <AnnouncementAttachment announcement={announcement} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t("common.close")}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
