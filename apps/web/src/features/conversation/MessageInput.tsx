import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from "react";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  MenuList,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import Mic from "@mui/icons-material/Mic";
import Send from "@mui/icons-material/Send";
import { useTranslation } from "react-i18next";
import { AUDIO_MIN_BYTES, MESSAGE_INPUT_MAX_ROWS, type MessageView, type TicketView } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { toastError, toastWarning } from "../errors/toast.js";
import { useTicketActions } from "../tickets/useTicketActions.js";
import { conversation, useConversation } from "./conversation-store.js";
import { compressImage } from "./compress-image.js";
import { useQuickAnswerSource, useSendMessage, fetchQuickAnswerFile } from "./composer-api.js";
import { matchQuickAnswers, quickAnswerSearch, type QuickAnswer } from "./quick-answers.js";
import { signedText, useSignMessage } from "./sign-message.js";
import { useAgentPresence } from "./use-agent-presence.js";
import { useVoiceRecorder } from "./use-voice-recorder.js";
import { useCustomerWindow } from "./customer-window.js";
import { TemplateComposer } from "./TemplateComposer.js";

/**
 * The bottom of the conversation. An open ticket of mine (any open ticket for an admin) gets the composer; a closed
 * ticket says so and offers reopen, a pending one accept (core-service section 4), someone else's ticket is read-only.
 */
export function MessageInput({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const actions = useTicketActions();
  const mayWrite = ticket.status === "open" && (ticket.userId === user?.id || user?.profile === "admin");
  const customerWindow = useCustomerWindow(ticket);

  // Cloud API outside the customer's 24-hour window: Meta takes only an approved template.
  if (mayWrite) return customerWindow && !customerWindow.open ? <TemplateComposer ticket={ticket} /> : <Composer ticket={ticket} />;
  const notice = (text: string, action?: { label: string; testId: string; run: () => void }) => (
    <Alert
      severity="info"
      square
      data-testid="composer-notice"
      data-status={ticket.status}
      action={
        action && (
          <Button color="inherit" size="small" disabled={actions.pending} onClick={action.run} data-testid={action.testId}>
            {action.label}
          </Button>
        )
      }
    >
      {text}
    </Alert>
  );
  if (ticket.status === "closed") {
    return notice(t("composer.closedNotice"), { label: t("tickets.actions.reopen"), testId: "composer-reopen", run: () => actions.reopen(ticket) });
  }
  if (ticket.status === "pending") {
    return notice(t("composer.pendingNotice"), { label: t("tickets.actions.accept"), testId: "composer-accept", run: () => actions.accept(ticket) });
  }
  return notice(t("composer.otherAgentNotice"));
}

interface Attachment {
  key: number;
  file: File;
  /** An object URL for images' previews. */
  preview: string | null;
}

let attachmentKey = 0;

function Composer({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { replyTo } = useConversation();
  const [sign, setSign] = useSignMessage();
  const [text, setText] = useState("");
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [highlight, setHighlight] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage();
  const presence = useAgentPresence(ticket.id);
  const recorder = useVoiceRecorder();
  const [sendingVoice, setSendingVoice] = useState(false);

  const reply = replyTo && replyTo.ticketId === ticket.id ? replyTo : null;
  const search = quickAnswerSearch(text);
  const quickSource = useQuickAnswerSource(search !== null);
  const suggestions = useMemo(
    () => (search !== null && dismissedFor !== text ? matchQuickAnswers(text, quickSource.data ?? []) : []),
    [search, text, dismissedFor, quickSource.data],
  );
  const busy = send.isPending || sendingVoice;

  // Previews are freed with the composer (another ticket, or the panel closing).
  const previews = useRef(attachments);
  previews.current = attachments;
  useEffect(() => () => previews.current.forEach((a) => a.preview && URL.revokeObjectURL(a.preview)), []);

  // A reply chosen in the message list brings the cursor here.
  useEffect(() => {
    if (reply) input.current?.focus();
  }, [reply]);

  const onChange = (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    setText(event.target.value);
    setHighlight(0);
    if (event.target.value) presence.typing();
  };

  const attach = (files: File[]) =>
    setAttachments((current) => [
      ...current,
      ...files.map((file) => ({ key: ++attachmentKey, file, preview: file.type.startsWith("image/") ? URL.createObjectURL(file) : null })),
    ]);

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    attach(files);
  };

  // A pasted screenshot or file becomes an attachment; pasted text stays text.
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    attach(files);
  };

  const removeAttachment = (key: number) => {
    setAttachments((current) => {
      const gone = current.find((a) => a.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((a) => a.key !== key);
    });
  };

  const pickQuickAnswer = (quick: QuickAnswer) => {
    setText(quick.message);
    setDismissedFor(quick.message);
    // The quick answer's file joins the attachments; if it cannot be fetched, the agent is told to attach it by hand.
    if (quick.mediaName) {
      const name = quick.mediaName;
      fetchQuickAnswerFile(quick.id, name).then(
        (file) => attach([file]),
        () => toastWarning(t("composer.quickAnswerMedia", { name })),
      );
    }
    input.current?.focus();
  };

  const submit = async () => {
    if (busy) return;
    const trimmed = text.trim();
    // Empty or whitespace-only text is never sent (core-service section 5); files may go without a caption.
    if (!trimmed && attachments.length === 0) return;
    const body = trimmed ? signedText(trimmed, user?.name, sign) : "";
    const files = attachments.length ? await Promise.all(attachments.map((a) => compressImage(a.file))) : undefined;
    presence.paused();
    if (files) setProgress(0);
    send.mutate(
      { ticketId: ticket.id, body, quotedMsgId: reply?.id ?? null, files, onProgress: setProgress },
      {
        onSuccess: () => {
          setText("");
          attachments.forEach((a) => a.preview && URL.revokeObjectURL(a.preview));
          setAttachments([]);
          if (reply) conversation.replyTo(null);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (suggestions.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlight((h) => (h + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === "Escape") {
        setDismissedFor(text);
        return;
      }
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        const chosen = suggestions[highlight] ?? suggestions[0];
        if (chosen) pickQuickAnswer(chosen);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const startRecording = async () => {
    try {
      await recorder.start();
      presence.recording();
    } catch (error) {
      // Microphone errors go to the shared handler (core-service section 8).
      toastError(error);
    }
  };

  const cancelRecording = () => {
    recorder.cancel();
    presence.paused();
  };

  const sendRecording = async () => {
    const blob = await recorder.stop();
    presence.paused();
    if (!blob) return;
    if (blob.size < AUDIO_MIN_BYTES) {
      toastWarning(t("composer.audioTooShort"));
      return;
    }
    const file = new File([blob], `audio-${Date.now()}.webm`, { type: blob.type || "audio/webm" });
    setSendingVoice(true);
    setProgress(0);
    send.mutate(
      { ticketId: ticket.id, body: "", quotedMsgId: reply?.id ?? null, files: [file], voice: true, onProgress: setProgress },
      {
        onSuccess: () => {
          if (reply) conversation.replyTo(null);
        },
        onSettled: () => {
          setSendingVoice(false);
          setProgress(null);
        },
      },
    );
  };

  const canSend = !busy && (text.trim().length > 0 || attachments.length > 0);

  return (
    <Box sx={{ borderTop: 1, borderColor: "divider", p: 1, position: "relative" }} data-testid="composer">
      {suggestions.length > 0 && (
        <Paper elevation={4} sx={{ position: "absolute", bottom: "100%", left: 8, right: 8, maxHeight: 240, overflowY: "auto", zIndex: 2 }}>
          <MenuList dense data-testid="quick-answers">
            {suggestions.map((quick, index) => (
              <MenuItem
                key={quick.id}
                selected={index === highlight}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pickQuickAnswer(quick)}
                data-testid={`quick-answer-option-${quick.id}`}
              >
                <Typography variant="body2" noWrap>
                  {quick.label}
                </Typography>
              </MenuItem>
            ))}
          </MenuList>
        </Paper>
      )}
      {reply && <ReplyPreview message={reply} />}
      {attachments.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: "wrap", rowGap: 1 }} data-testid="composer-attachments">
          {attachments.map((a, index) => (
            <Box key={a.key} sx={{ position: "relative" }} data-testid={`composer-attachment-${index}`}>
              {a.preview ? (
                <Box component="img" src={a.preview} alt={a.file.name} sx={{ width: 64, height: 64, objectFit: "cover", borderRadius: 1, display: "block" }} />
              ) : (
                <Chip label={a.file.name} sx={{ maxWidth: 220, mt: 2 }} />
              )}
              <IconButton
                size="small"
                aria-label={t("composer.removeAttachment", { name: a.file.name })}
                onClick={() => removeAttachment(a.key)}
                disabled={busy}
                sx={{ position: "absolute", top: -8, right: -8, bgcolor: "background.paper", "&:hover": { bgcolor: "background.paper" } }}
                data-testid={`composer-attachment-remove-${index}`}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={t("composer.uploading", { percent: progress })}
          sx={{ mb: 1 }}
          data-testid="composer-upload-progress"
        />
      )}
      {recorder.recording ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", minHeight: 48 }}>
          <Mic color="error" />
          <Typography sx={{ flex: 1 }} data-testid="composer-recording">
            {t("composer.recording")}
          </Typography>
          <Tooltip title={t("composer.recordCancel")}>
            <IconButton aria-label={t("composer.recordCancel")} onClick={cancelRecording} data-testid="composer-record-cancel">
              <Close />
            </IconButton>
          </Tooltip>
          <Tooltip title={t("composer.recordSend")}>
            <IconButton color="primary" aria-label={t("composer.recordSend")} onClick={() => void sendRecording()} data-testid="composer-record-send">
              <Send />
            </IconButton>
          </Tooltip>
        </Stack>
      ) : (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end" }}>
          <Tooltip title={t("composer.attach")}>
            <IconButton component="label" aria-label={t("composer.attach")} disabled={busy}>
              <AttachFile />
              <input type="file" multiple hidden onChange={addFiles} data-testid="composer-attach" />
            </IconButton>
          </Tooltip>
          <TextField
            inputRef={input}
            value={text}
            onChange={onChange}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => setHighlight(0)}
            placeholder={t("composer.placeholder")}
            multiline
            maxRows={MESSAGE_INPUT_MAX_ROWS}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { "data-testid": "composer-input", "aria-label": t("composer.placeholder") } }}
          />
          {busy ? (
            <Box sx={{ p: 1, display: "flex" }}>
              <CircularProgress size={24} />
            </Box>
          ) : (
            <Tooltip title={t("composer.record")}>
              <IconButton aria-label={t("composer.record")} onClick={() => void startRecording()} data-testid="composer-record">
                <Mic />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t("composer.send")}>
            <span>
              <IconButton color="primary" aria-label={t("composer.send")} disabled={!canSend} onClick={() => void submit()} data-testid="composer-send">
                <Send />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      )}
      <FormControlLabel
        sx={{ ml: 0.5, mt: 0.5 }}
        control={<Switch size="small" checked={sign} onChange={(event) => setSign(event.target.checked)} slotProps={{ input: { "data-testid": "composer-sign" } as object }} />}
        label={<Typography variant="caption">{t("composer.sign")}</Typography>}
      />
    </Box>
  );
}

/** The message being replied to, above the input, with a way out. */
function ReplyPreview({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const author = message.fromMe ? t("composer.you") : (message.contact?.name ?? "");
  const text = message.body || t(`composer.media.${message.mediaType.startsWith("image") ? "image" : message.mediaType.startsWith("audio") ? "audio" : "other"}`);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ mb: 1, p: 1, alignItems: "center", borderLeft: 4, borderColor: message.fromMe ? "primary.main" : "success.main", bgcolor: "action.hover", borderRadius: 1 }}
      data-testid="composer-reply"
      data-message-id={message.id}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
          {t("composer.replyingTo", { name: author })}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: "text.secondary" }}>
          {text}
        </Typography>
      </Box>
      <IconButton size="small" aria-label={t("composer.cancelReply")} onClick={() => conversation.replyTo(null)} data-testid="composer-reply-cancel">
        <Close fontSize="small" />
      </IconButton>
    </Stack>
  );
}
