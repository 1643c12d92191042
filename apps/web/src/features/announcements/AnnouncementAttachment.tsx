import { Box, Button, CircularProgress } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import { useTranslation } from "react-i18next";
import type { AnnouncementView } from "@atendo/shared";
import { downloadMedia, useMediaBlob } from "../conversation/use-media-blob.js";
import { toastError } from "../errors/toast.js";

/** An announcement's attachment: an image shown in place, a PDF opened on demand (the route needs the bearer token). */
export function AnnouncementAttachment({ announcement }: { announcement: AnnouncementView }) {
  const { t } = useTranslation();
  const isImage = announcement.mediaType?.startsWith("image/") ?? false;
  const image = useMediaBlob(isImage ? announcement.mediaUrl : null);
  if (!announcement.mediaUrl) return null;
  const name = announcement.mediaName ?? "file";
  if (isImage) {
    if (image.status === "loading") return <CircularProgress size={24} />;
    if (image.status === "ready") {
      return (
        <Box
          component="img"
          src={image.objectUrl}
          alt={name}
          data-testid="announcement-image"
          sx={{ display: "block", maxWidth: "100%", maxHeight: 360, borderRadius: 1 }}
        />
      );
    }
  }
  return (
    <Button
      startIcon={<AttachFile />}
      onClick={() => downloadMedia(announcement.mediaUrl!, name).catch(toastError)}
      data-testid="announcement-attachment"
    >
      {t("announcements.openAttachment", { name })}
    </Button>
  );
}
