import { Button, CircularProgress, Stack, Typography } from "@mui/material";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import Refresh from "@mui/icons-material/Refresh";
import { useTranslation } from "react-i18next";
import type { MessageView } from "@atendo/shared";
import { useRetryTranscription } from "./api.js";

/**
 * Under an audio message: its transcript, "transcrevendo…" while the job runs, or the failure with a retry action
 * (never silence). Nothing when no transcription was asked for.
 */
export function AudioTranscript({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const retry = useRetryTranscription();
  if (!message.transcriptStatus || message.isDeleted) return null;
  if (message.transcriptStatus === "pending") {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5, color: "text.secondary" }} data-testid={`message-transcript-pending-${message.id}`}>
        <CircularProgress size={12} />
        <Typography variant="caption">{t("transcribe.audio.pending")}</Typography>
      </Stack>
    );
  }
  if (message.transcriptStatus === "failed") {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5, color: "error.main", flexWrap: "wrap" }} data-testid={`message-transcript-failed-${message.id}`}>
        <ErrorOutline fontSize="small" />
        <Typography variant="caption" title={message.transcriptError ?? undefined}>
          {t("transcribe.audio.failed")}
        </Typography>
        <Button
          size="small"
          startIcon={retry.isPending ? <CircularProgress size={12} /> : <Refresh fontSize="small" />}
          disabled={retry.isPending}
          onClick={() => retry.mutate(message.id)}
          data-testid={`message-transcript-retry-${message.id}`}
        >
          {t("transcribe.audio.retry")}
        </Button>
      </Stack>
    );
  }
  return (
    <Typography
      variant="body2"
      component="div"
      sx={{ mt: 0.5, fontStyle: "italic", whiteSpace: "pre-wrap", wordBreak: "break-word" }}
      data-testid={`message-transcript-${message.id}`}
    >
      <Typography variant="caption" component="span" sx={{ display: "block", fontStyle: "normal", color: "text.secondary" }}>
        {t("transcribe.audio.label")}
      </Typography>
      {message.transcript}
    </Typography>
  );
}
