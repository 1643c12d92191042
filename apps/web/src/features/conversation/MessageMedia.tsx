import { useState } from "react";
import { Box, Button, CircularProgress, Dialog, Link, Stack, Typography } from "@mui/material";
import CallMissed from "@mui/icons-material/CallMissed";
import Call from "@mui/icons-material/Call";
import Videocam from "@mui/icons-material/Videocam";
import Description from "@mui/icons-material/DescriptionOutlined";
import Download from "@mui/icons-material/Download";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import Person from "@mui/icons-material/Person";
import Place from "@mui/icons-material/Place";
import { useTranslation } from "react-i18next";
import { displayNumber, type MessageView } from "@atendo/shared";
import { toastError } from "../errors/toast.js";
import { locationOf, mapUrl, messageKind, parseVcard } from "./message-content.js";
import { downloadMedia, useMediaBlob } from "./use-media-blob.js";
import { AudioTranscript } from "../transcribe/AudioTranscript.js";

/** An attachment that exists on the server: fetched with the token, shown once it is here. */
function StoredMedia({ message }: { message: MessageView & { mediaUrl: string } }) {
  const { t } = useTranslation();
  const media = useMediaBlob(message.mediaUrl);
  const [enlarged, setEnlarged] = useState(false);
  const kind = messageKind(message);
  if (media.status === "loading") return <CircularProgress size={20} data-testid="message-media-loading" />;
  if (media.status === "error") return <MediaNotice text={t("conversation.media.failed")} />;
  if (kind === "image" || kind === "sticker") {
    return (
      <>
        <Box
          component="img"
          src={media.objectUrl}
          alt={message.mediaName ?? t("conversation.media.image")}
          onClick={() => setEnlarged(true)}
          data-testid="message-image"
          sx={{ display: "block", maxWidth: kind === "sticker" ? 160 : "100%", maxHeight: kind === "sticker" ? 160 : 300, borderRadius: 1, cursor: "zoom-in" }}
        />
        <Dialog open={enlarged} onClose={() => setEnlarged(false)} maxWidth="lg" data-testid="message-image-dialog">
          <Box component="img" src={media.objectUrl} alt={message.mediaName ?? t("conversation.media.image")} onClick={() => setEnlarged(false)} sx={{ display: "block", maxWidth: "90vw", maxHeight: "90vh" }} />
        </Dialog>
      </>
    );
  }
  if (kind === "audio") return <Box component="audio" controls src={media.objectUrl} preload="metadata" data-testid="message-audio" sx={{ maxWidth: "100%", display: "block" }} />;
  return <Box component="video" controls src={media.objectUrl} preload="metadata" data-testid="message-video" sx={{ maxWidth: "100%", maxHeight: 320, display: "block" }} />;
}

function MediaNotice({ text, busy = false }: { text: string; busy?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", color: busy ? "text.secondary" : "error.main" }} data-testid={busy ? "message-media-pending" : "message-media-failed"}>
      {busy ? <CircularProgress size={16} /> : <ErrorOutline fontSize="small" />}
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}

function DocumentLink({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = message.mediaName ?? ((message.data as { fileName?: unknown }).fileName as string | undefined) ?? t("conversation.media.document");
  const url = message.mediaUrl;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <Description />}
      endIcon={<Download />}
      disabled={!url || busy}
      onClick={() => {
        if (!url) return;
        setBusy(true);
        downloadMedia(url, name)
          .catch(toastError)
          .finally(() => setBusy(false));
      }}
      data-testid="message-document"
      sx={{ textTransform: "none", maxWidth: "100%", justifyContent: "flex-start" }}
    >
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {name}
      </Box>
    </Button>
  );
}

function LocationCard({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const location = locationOf(message);
  if (!location) return <MediaNotice text={t("conversation.media.location")} />;
  return (
    <Stack spacing={0.5} data-testid="message-location">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Place color="error" fontSize="small" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {location.name ?? t("conversation.media.location")}
        </Typography>
      </Stack>
      {location.address && (
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {location.address}
        </Typography>
      )}
      <Link href={mapUrl(location)} target="_blank" rel="noopener noreferrer" variant="body2" data-testid="message-location-link">
        {t("conversation.media.openMap")}
      </Link>
    </Stack>
  );
}

function ContactCard({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const data = message.data as { displayName?: unknown; vcard?: unknown };
  const displayName = typeof data.displayName === "string" ? data.displayName : message.body;
  const contact = parseVcard(typeof data.vcard === "string" ? data.vcard : "", displayName);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} data-testid="message-contact">
      <Person color="action" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="message-contact-name">
          {contact.name || t("conversation.media.contact")}
        </Typography>
        {contact.numbers.map((number) => (
          <Typography key={number} variant="caption" sx={{ display: "block", color: "text.secondary" }} data-testid="message-contact-number">
            {displayNumber(number)}
          </Typography>
        ))}
      </Box>
    </Stack>
  );
}

function CallLog({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const { video, missed } = message.data as { video?: unknown; missed?: unknown };
  const key = `conversation.call.${video === true ? "video" : "voice"}${missed === false ? "" : "Missed"}`;
  const Icon = missed === false ? (video === true ? Videocam : Call) : CallMissed;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", color: missed === false ? "text.primary" : "error.main" }} data-testid="message-call">
      <Icon fontSize="small" />
      <Typography variant="body2">{t(key)}</Typography>
    </Stack>
  );
}

/** The non-text part of a message (core-service section 3: every media type), or nothing for text. */
export function MessageMedia({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const kind = messageKind(message);
  if (kind === "text" || kind === "reaction") return null;
  let content;
  if (kind === "location") content = <LocationCard message={message} />;
  else if (kind === "contact") content = <ContactCard message={message} />;
  else if (kind === "call") content = <CallLog message={message} />;
  else if (message.mediaStatus === "pending") content = <MediaNotice busy text={t("conversation.media.pending")} />;
  else if (message.mediaStatus === "failed") content = <MediaNotice text={t("conversation.media.failed")} />;
  else if (kind === "document") content = <DocumentLink message={message} />;
  else if (message.mediaUrl) content = <StoredMedia message={{ ...message, mediaUrl: message.mediaUrl }} />;
  else content = <MediaNotice text={t("conversation.media.unavailable")} />;
  return (
    <Box data-testid={`message-media-${message.id}`} data-kind={kind} sx={{ mb: 0.5, maxWidth: 360 }}>
      {content}
      {kind === "audio" && <AudioTranscript message={message} />}
    </Box>
  );
}
