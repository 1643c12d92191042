import { Box, Chip, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import type { MessageView } from "@atendo/shared";
import { AckIcon } from "../../components/AckIcon.js";

const TEXT_TYPES = new Set(["chat", "text", "conversation", "extendedTextMessage"]);
const MEDIA_LABELS = new Set(["image", "video", "audio", "ptt", "document", "sticker", "location", "vcard", "call"]);

/** The translation key of a media placeholder ("Imagem", "Áudio", …); the conversation issue renders the media. */
export function mediaLabelKey(mediaType: string): string | null {
  if (TEXT_TYPES.has(mediaType)) return null;
  const kind = mediaType === "ptt" ? "audio" : mediaType;
  return `tickets.media.${MEDIA_LABELS.has(kind) ? kind : "other"}`;
}

/**
 * One message, read-only: text as plain text (React escapes it; no HTML is ever injected), media as a labelled
 * placeholder, own messages on the right with their ack, a failed send marked.
 */
export function MessageItem({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const mediaKey = mediaLabelKey(message.mediaType);
  const showBody = message.body.trim() !== "" && message.body !== message.mediaName;
  return (
    <Box
      data-testid={`message-${message.id}`}
      data-from-me={String(message.fromMe)}
      data-ack={message.ack}
      data-send-status={message.sendStatus}
      sx={{ display: "flex", justifyContent: message.fromMe ? "flex-end" : "flex-start", px: 2, py: 0.25 }}
    >
      <Box
        sx={(theme) => ({
          maxWidth: "75%",
          px: 1.5,
          py: 0.75,
          borderRadius: 2,
          boxShadow: 1,
          bgcolor: message.fromMe ? (theme.palette.mode === "dark" ? "#005c4b" : "#dcf8c6") : "background.paper",
          border: message.sendStatus === "failed" ? 1 : 0,
          borderColor: "error.main",
        })}
      >
        {!message.fromMe && message.contact && message.contact.name && (
          <Typography variant="caption" sx={{ display: "block", fontWeight: 600, color: "primary.main" }}>
            {message.contact.name}
          </Typography>
        )}
        {message.isDeleted ? (
          <Typography variant="body2" sx={{ fontStyle: "italic", color: "text.secondary" }}>
            {t("tickets.messages.deleted")}
          </Typography>
        ) : (
          <>
            {message.quotedMsg && (
              <Box sx={{ borderLeft: 3, borderColor: "primary.main", pl: 1, mb: 0.5, opacity: 0.8 }}>
                <Typography variant="caption" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                  {message.quotedMsg.body}
                </Typography>
              </Box>
            )}
            {mediaKey && (
              <Chip
                size="small"
                icon={<AttachFile />}
                label={message.mediaName ? `${t(mediaKey)}: ${message.mediaName}` : t(mediaKey)}
                data-testid="message-media"
                sx={{ mb: showBody ? 0.5 : 0, maxWidth: "100%" }}
              />
            )}
            {showBody && (
              <Typography variant="body2" data-testid="message-body" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                {message.body}
              </Typography>
            )}
          </>
        )}
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 0.5, mt: 0.25 }}>
          {message.isEdited && (
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              {t("tickets.messages.edited")}
            </Typography>
          )}
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            {format(parseISO(message.createdAt), "HH:mm")}
          </Typography>
          {message.fromMe && message.sendStatus !== "failed" && <AckIcon ack={message.ack} />}
          {message.sendStatus === "failed" && (
            <Box
              component="span"
              title={message.sendError ?? undefined}
              data-testid="message-failed"
              sx={{ display: "inline-flex", alignItems: "center", gap: 0.25, color: "error.main" }}
            >
              <ErrorOutline sx={{ fontSize: 16 }} />
              <Typography variant="caption">{t("tickets.messages.failed")}</Typography>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
