import { useEffect, useRef, useState } from "react";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  InputBase,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  Tooltip,
  Typography,
} from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import ContactPhone from "@mui/icons-material/ContactPhone";
import DoneAll from "@mui/icons-material/DoneAll";
import Edit from "@mui/icons-material/EditOutlined";
import KeyboardVoice from "@mui/icons-material/KeyboardVoice";
import LocationOn from "@mui/icons-material/LocationOn";
import Mic from "@mui/icons-material/MicNoneOutlined";
import PauseCircle from "@mui/icons-material/PauseCircleOutlined";
import Send from "@mui/icons-material/Send";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState.js";
import { useSimulatorMessages, useSimulatorRead, useSimulatorSend } from "./api.js";
import { MessageBubble } from "./MessageBubble.js";
import type { SimulatorContact, SimulatorMediaSend, SimulatorPresence, SimulatorSend } from "./types.js";
import { buildVcard } from "./vcard.js";

interface Props {
  whatsappId: number;
  contact: SimulatorContact;
  /** Every contact of the connection (group member names). */
  contacts: SimulatorContact[];
  /** What the agents' side is doing in this chat (typing, recording). */
  agentPresence?: SimulatorPresence | null;
}

/** The open chat: the customer's messages and the agents' replies, a composer, presence and "open chat". */
export function ChatView({ whatsappId, contact, contacts, agentPresence }: Props) {
  const { t } = useTranslation();
  const messages = useSimulatorMessages(whatsappId, contact.number);
  const send = useSimulatorSend(whatsappId, contact.number);
  const read = useSimulatorRead(whatsappId, contact.number);
  const [text, setText] = useState("");
  const [voice, setVoice] = useState(false);
  const [locationOpen, setLocationOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  // In a group, which member writes; empty leaves the choice to the server.
  const [author, setAuthor] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const nameOf = (number: string) => contacts.find((c) => c.number === number)?.name ?? `+${number}`;

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count, contact.number]);

  useEffect(() => setAuthor(""), [contact.number]);

  const deliver = async (payload: SimulatorSend | SimulatorMediaSend) => {
    try {
      await send.mutateAsync(contact.isGroup && author ? ({ ...payload, author } as typeof payload) : payload);
      return true;
    } catch {
      // The mutation toasts the error.
      return false;
    }
  };

  const sendText = async () => {
    const body = text.trim();
    // Empty or whitespace-only text is not sent (section 5).
    if (!body) return;
    if (await deliver({ type: "text", body })) setText("");
  };

  const sendFile = async (file: File) => {
    const caption = text.trim();
    const isAudio = file.type.startsWith("audio/");
    const ok = await deliver({ file, ...(caption && !isAudio ? { caption } : {}), ...(voice && isAudio ? { voice: true } : {}) });
    if (ok && caption && !isAudio) setText("");
  };

  const presence = (value: SimulatorPresence) => void deliver({ type: "presence", presence: value });

  return (
    <Paper variant="outlined" sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }} data-testid="simulator-chat">
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap data-testid="simulator-chat-title">
            {contact.name}
          </Typography>
          <Typography variant="caption" sx={{ color: "text.secondary" }} noWrap>
            {agentPresence === "composing" || agentPresence === "recording" ? (
              <Box component="span" sx={{ color: "success.main" }} data-testid="simulator-agent-presence">
                {t(`simulator.agent.${agentPresence}`)}
              </Box>
            ) : contact.isGroup
              ? t("simulator.groupOf", { members: contact.members.map(nameOf).join(", ") })
              : `+${contact.number}`}
          </Typography>
        </Box>
        <Tooltip title={t("simulator.readHelp")}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DoneAll />}
            onClick={() => read.mutate()}
            disabled={read.isPending}
            data-testid="simulator-read"
          >
            {t("simulator.read")}
          </Button>
        </Tooltip>
      </Box>
      <Divider />
      <Box
        ref={listRef}
        sx={{ flexGrow: 1, overflowY: "auto", py: 1.5, display: "flex", flexDirection: "column", gap: 1, bgcolor: "action.hover", minHeight: 240 }}
        data-testid="simulator-messages"
      >
        {messages.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 3 }}>
            <CircularProgress size={28} />
          </Box>
        ) : count === 0 ? (
          <EmptyState message={t("simulator.noMessages")} />
        ) : (
          messages.data?.map((m) => (
            <MessageBubble
              key={m.messageId}
              message={m}
              authorName={contact.isGroup ? nameOf : undefined}
              onReact={(emoji) => void deliver({ type: "reaction", messageId: m.messageId, emoji })}
            />
          ))
        )}
      </Box>
      <Divider />
      <Stack direction="row" spacing={0.5} sx={{ px: 1, pt: 0.5, flexWrap: "wrap", alignItems: "center" }}>
        {/*
          A plain label around a visually hidden (still focusable) file input: a click opens the picker, the keyboard
          reaches the input, and end-to-end tests can set files on the test id itself.
        */}
        <Tooltip title={t("simulator.attach")}>
          <Box
            component="label"
            data-testid="simulator-attach"
            sx={{
              position: "relative",
              display: "inline-flex",
              p: 1,
              borderRadius: "50%",
              cursor: "pointer",
              color: "action.active",
              "&:hover": { bgcolor: "action.hover" },
              "&:focus-within": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
            }}
          >
            <AttachFile />
            <Box
              component="input"
              type="file"
              aria-label={t("simulator.attach")}
              accept="image/*,audio/*,video/*,application/*,text/*"
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void sendFile(file);
              }}
              sx={{ position: "absolute", width: 1, height: 1, opacity: 0, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" }}
            />
          </Box>
        </Tooltip>
        <Tooltip title={t("simulator.voiceHelp")}>
          <ToggleButton
            value="voice"
            size="small"
            selected={voice}
            onChange={() => setVoice((v) => !v)}
            aria-label={t("simulator.voice")}
            data-testid="simulator-voice"
            sx={{ border: 0, textTransform: "none", gap: 0.5 }}
          >
            <KeyboardVoice fontSize="small" />
            <Typography variant="caption">{t("simulator.voice")}</Typography>
          </ToggleButton>
        </Tooltip>
        <Tooltip title={t("simulator.location")}>
          <IconButton aria-label={t("simulator.location")} onClick={() => setLocationOpen(true)} data-testid="simulator-location">
            <LocationOn />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("simulator.contactCard")}>
          <IconButton aria-label={t("simulator.contactCard")} onClick={() => setContactOpen(true)} data-testid="simulator-contact">
            <ContactPhone />
          </IconButton>
        </Tooltip>
        {contact.isGroup && (
          <TextField
            select
            size="small"
            label={t("simulator.writeAs")}
            value={author}
            onChange={(e) => setAuthor(e.target.value)}
            sx={{ minWidth: 160 }}
            data-testid="simulator-author"
          >
            <MenuItem value="">
              <em>{t("simulator.anyMember")}</em>
            </MenuItem>
            {contact.members.map((member) => (
              <MenuItem key={member} value={member}>
                {nameOf(member)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t("simulator.typingHelp")}>
          <Button size="small" startIcon={<Edit />} onClick={() => presence("composing")} data-testid="simulator-typing">
            {t("simulator.typing")}
          </Button>
        </Tooltip>
        <Tooltip title={t("simulator.recordingHelp")}>
          <Button size="small" startIcon={<Mic />} onClick={() => presence("recording")} data-testid="simulator-recording">
            {t("simulator.recording")}
          </Button>
        </Tooltip>
        <Tooltip title={t("simulator.pausedHelp")}>
          <Button size="small" startIcon={<PauseCircle />} onClick={() => presence("paused")} data-testid="simulator-paused">
            {t("simulator.paused")}
          </Button>
        </Tooltip>
      </Stack>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void sendText();
        }}
        sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, pb: 1.5, pt: 0.5 }}
      >
        {/* A label around the input: end-to-end tests may fill the test id itself or the input inside it. */}
        <Box
          component="label"
          data-testid="simulator-input"
          sx={{ flexGrow: 1, border: 1, borderColor: "divider", borderRadius: 5, px: 2, py: 0.75, display: "flex" }}
        >
          <InputBase
            fullWidth
            placeholder={t("simulator.inputPlaceholder")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            inputProps={{ "aria-label": t("simulator.inputPlaceholder") }}
          />
        </Box>
        <IconButton type="submit" color="primary" aria-label={t("simulator.send")} disabled={send.isPending} data-testid="simulator-send">
          <Send />
        </IconButton>
      </Box>
      <LocationDialog open={locationOpen} onClose={() => setLocationOpen(false)} onSend={(payload) => deliver(payload)} />
      <ContactCardDialog open={contactOpen} onClose={() => setContactOpen(false)} onSend={(payload) => deliver(payload)} />
    </Paper>
  );
}

function LocationDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (payload: SimulatorSend) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [latitude, setLatitude] = useState("-23.5505");
  const [longitude, setLongitude] = useState("-46.6333");
  const [name, setName] = useState("");
  const lat = Number(latitude.replace(",", "."));
  const long = Number(longitude.replace(",", "."));
  const latOk = latitude.trim() !== "" && Number.isFinite(lat) && lat >= -90 && lat <= 90;
  const longOk = longitude.trim() !== "" && Number.isFinite(long) && long >= -180 && long <= 180;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="simulator-location-dialog">
      <DialogTitle>{t("simulator.location")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t("simulator.latitude")}
            value={latitude}
            onChange={(e) => setLatitude(e.target.value)}
            error={!latOk}
            helperText={latOk ? undefined : t("validation.invalid")}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
            data-testid="simulator-location-lat"
          />
          <TextField
            label={t("simulator.longitude")}
            value={longitude}
            onChange={(e) => setLongitude(e.target.value)}
            error={!longOk}
            helperText={longOk ? undefined : t("validation.invalid")}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
            data-testid="simulator-location-long"
          />
          <TextField label={t("simulator.placeName")} value={name} onChange={(e) => setName(e.target.value)} data-testid="simulator-location-name" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          disabled={!latOk || !longOk}
          onClick={async () => {
            const ok = await onSend({ type: "location", latitude: lat, longitude: long, ...(name.trim() ? { name: name.trim() } : {}) });
            if (ok) onClose();
          }}
          data-testid="simulator-location-send"
        >
          {t("simulator.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ContactCardDialog({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (payload: SimulatorSend) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [number, setNumber] = useState("");
  const digits = number.replace(/\D/g, "");
  const valid = name.trim().length > 0 && digits.length >= 8 && digits.length <= 15;
  useEffect(() => {
    if (open) {
      setName("");
      setNumber("");
    }
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="simulator-contact-dialog">
      <DialogTitle>{t("simulator.contactCard")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t("simulator.contactName")} value={name} onChange={(e) => setName(e.target.value)} data-testid="simulator-contact-name" />
          <TextField
            label={t("simulator.contactNumber")}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            helperText={t("simulator.customerNumberHelp")}
            slotProps={{ htmlInput: { inputMode: "tel" } }}
            data-testid="simulator-contact-number"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          disabled={!valid}
          onClick={async () => {
            const ok = await onSend({ type: "contact", displayName: name.trim(), vcard: buildVcard(name, digits) });
            if (ok) onClose();
          }}
          data-testid="simulator-contact-send"
        >
          {t("simulator.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

