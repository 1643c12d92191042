import { useEffect, useMemo, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import LinkOff from "@mui/icons-material/LinkOff";
import QrCode2 from "@mui/icons-material/QrCode2";
import Refresh from "@mui/icons-material/Refresh";
import Replay from "@mui/icons-material/Replay";
import Science from "@mui/icons-material/ScienceOutlined";
import Star from "@mui/icons-material/Star";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { CONNECTION_CARD_MAX_QUEUES, displayNumber } from "@atendo/shared";
import { formatShortDateTime } from "../../lib/dates.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { ApiTokenBox } from "../public-api/ApiTokenBox.js";
import { useRequestNewQr, useStartSession, useUpdateConnection } from "./api.js";
import { cardChanges, cardDraftOf, type CardDraft } from "./card-draft.js";
import { ConnectionStatusIcon } from "./ConnectionStatusIcon.js";
import { TRANSCRIBE_PROVIDERS, type Connection, type ConnectionQueue } from "./types.js";
import { CloudApiBox } from "./CloudApiBox.js";

interface Props {
  connection: Connection;
  /** The company's queues to choose from; absent for users who may not change the card. */
  queueOptions?: ConnectionQueue[];
  /** Edit, delete and save (connections-page:editOrDeleteConnection). */
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShowQr: () => void;
  onDisconnect: () => void;
}

/** One connection on the connections page (core-service sections 2, 4 and 5). */
export function ConnectionCard({ connection, queueOptions, canManage, onEdit, onDelete, onShowQr, onDisconnect }: Props) {
  const { t } = useTranslation();
  const { id } = connection;
  const baseline = useMemo(() => cardDraftOf(connection), [connection]);
  const baselineKey = JSON.stringify(baseline);
  const [draft, setDraft] = useState<CardDraft>(baseline);
  const [errors, setErrors] = useState<Partial<Record<keyof CardDraft, string>>>({});
  const [showAllQueues, setShowAllQueues] = useState(false);
  const update = useUpdateConnection();

  // A saved change or another admin's edit replaces the draft; a status change alone keeps what is being typed.
  useEffect(() => {
    setDraft(JSON.parse(baselineKey) as CardDraft);
    setErrors({});
  }, [baselineKey]);

  const set = <K extends keyof CardDraft>(key: K, value: CardDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const check = cardChanges(connection, draft);
  const pristine = check.ok && Object.keys(check.changes).length === 0;

  const save = async () => {
    const result = cardChanges(connection, draft);
    if (!result.ok) {
      setErrors({ [result.field]: t(result.message) });
      return;
    }
    // Nothing changed: nothing is sent (section 5).
    if (Object.keys(result.changes).length === 0) return;
    try {
      await update.mutateAsync({ id, input: result.changes });
      toastSuccess(t("connections.saved"), { admin: true });
      setDraft((d) => ({ ...d, transcribekey: "" }));
    } catch (error) {
      toastError(error);
    }
  };

  // Queues: the ones linked first, then the others; at most five unless the list is opened (section 9).
  const queues = useMemo(() => {
    const linked = connection.queues;
    const others = (queueOptions ?? []).filter((q) => !linked.some((l) => l.id === q.id));
    return [...linked, ...others];
  }, [connection.queues, queueOptions]);
  const shownQueues = showAllQueues ? queues : queues.slice(0, CONNECTION_CARD_MAX_QUEUES);
  const hiddenCount = queues.length - shownQueues.length;
  const toggleQueue = (queueId: number) =>
    set("queueIds", draft.queueIds.includes(queueId) ? draft.queueIds.filter((q) => q !== queueId) : [...draft.queueIds, queueId]);
  const greetingUsed = draft.queueIds.length > 1;

  const switchField = (key: "activeTranscribe" | "transcribe" | "transcribeme", label: string) => (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={draft[key]}
          disabled={!canManage}
          onChange={(e) => set(key, e.target.checked)}
          slotProps={{ input: { "data-testid": `connection-${key.toLowerCase()}-${id}` } as object }}
        />
      }
      label={<Typography variant="body2">{label}</Typography>}
    />
  );

  return (
    <Card variant="outlined" data-testid={`connection-card-${id}`} sx={{ display: "flex", flexDirection: "column" }}>
      <CardContent sx={{ flexGrow: 1, display: "flex", flexDirection: "column", gap: 1.5 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
          <ConnectionStatusIcon id={id} status={connection.status} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="h6" component="h2" noWrap title={connection.name} data-testid={`connection-name-${id}`}>
              {connection.name}
            </Typography>
            <Typography variant="body2" sx={{ color: "text.secondary" }} noWrap data-testid={`connection-number-${id}`}>
              {connection.number ? displayNumber(connection.number) : t("connections.noNumber")}
              {" · "}
              {t(`connections.providers.${connection.provider}`)}
            </Typography>
          </Box>
          {connection.isDefault && (
            <Tooltip title={t("connections.default")}>
              <Chip
                size="small"
                color="primary"
                icon={<Star fontSize="small" />}
                label={t("connections.defaultShort")}
                data-testid={`connection-default-${id}`}
              />
            </Tooltip>
          )}
        </Box>

        <Typography variant="caption" sx={{ color: "text.secondary" }} data-testid={`connection-updated-${id}`}>
          {t("connections.lastUpdate")}: {formatShortDateTime(connection.updatedAt)}
        </Typography>

        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <SessionButtons connection={connection} onShowQr={onShowQr} onDisconnect={onDisconnect} />
        </Box>
        {connection.provider === "cloudapi" && <CloudApiBox connection={connection} />}
        {/* Why the last start failed, in the provider's words (the Cloud API's box shows its own). */}
        {connection.provider !== "cloudapi" && connection.status === "DISCONNECTED" && connection.statusReason && (
          <Alert severity="error" data-testid={`connection-failure-${id}`}>
            {t("connections.failedToStart", { reason: connection.statusReason })}
          </Alert>
        )}

        <Divider />

        <Box>
          <Typography variant="subtitle2" gutterBottom>
            {t("connections.queues")}
          </Typography>
          <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", alignItems: "center" }} data-testid={`connection-queues-${id}`}>
            {shownQueues.map((q) => {
              const selected = draft.queueIds.includes(q.id);
              return (
                <Chip
                  key={q.id}
                  size="small"
                  label={q.name}
                  variant={selected ? "filled" : "outlined"}
                  onClick={canManage ? () => toggleQueue(q.id) : undefined}
                  aria-pressed={selected}
                  data-testid={`connection-queue-${id}-${q.id}`}
                  sx={selected ? { bgcolor: q.color, color: "#fff", "&:hover": { bgcolor: q.color } } : { borderColor: q.color }}
                />
              );
            })}
            {queues.length === 0 && (
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {t("connections.noQueues")}
              </Typography>
            )}
            {queues.length > CONNECTION_CARD_MAX_QUEUES && (
              <Button size="small" onClick={() => setShowAllQueues((v) => !v)} data-testid={`connection-queues-more-${id}`}>
                {showAllQueues ? t("connections.fewerQueues") : t("connections.moreQueues", { hidden: hiddenCount })}
              </Button>
            )}
          </Box>
        </Box>

        <TextField
          size="small"
          multiline
          minRows={2}
          maxRows={6}
          label={t("connections.greetingMessage")}
          value={draft.greetingMessage}
          onChange={(e) => set("greetingMessage", e.target.value)}
          disabled={!canManage || !greetingUsed}
          error={Boolean(errors.greetingMessage)}
          helperText={errors.greetingMessage ?? (greetingUsed ? undefined : t("connections.greetingOnlyWithQueues"))}
          data-testid={`connection-greeting-${id}`}
        />

        <Box>
          <Typography variant="subtitle2">{t("connections.transcription")}</Typography>
          <Stack sx={{ pl: 0.5 }}>
            {switchField("activeTranscribe", t("connections.activeTranscribe"))}
            {switchField("transcribe", t("connections.transcribe"))}
            {switchField("transcribeme", t("connections.transcribeme"))}
          </Stack>
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            <TextField
              select
              size="small"
              fullWidth
              label={t("connections.transcribeprovider")}
              value={draft.transcribeprovider}
              onChange={(e) => set("transcribeprovider", e.target.value as CardDraft["transcribeprovider"])}
              disabled={!canManage}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid={`connection-transcribeprovider-${id}`}
            >
              <MenuItem value="">
                <em>{t("connections.none")}</em>
              </MenuItem>
              {TRANSCRIBE_PROVIDERS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`connections.transcribeProviders.${p}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              fullWidth
              label={t("connections.sendme")}
              value={draft.sendme ? "me" : "conversation"}
              onChange={(e) => set("sendme", e.target.value === "me")}
              disabled={!canManage}
              data-testid={`connection-sendme-${id}`}
            >
              <MenuItem value="conversation">{t("connections.sendmeOptions.conversation")}</MenuItem>
              <MenuItem value="me">{t("connections.sendmeOptions.me")}</MenuItem>
            </TextField>
          </Stack>
          {canManage && (
            <TextField
              size="small"
              fullWidth
              type="password"
              autoComplete="new-password"
              sx={{ mt: 1 }}
              label={t("connections.transcribekey")}
              value={draft.transcribekey}
              onChange={(e) => set("transcribekey", e.target.value)}
              helperText={
                draft.clearTranscribekey
                  ? t("connections.keyWillClear")
                  : connection.hasTranscribeKey
                    ? t("connections.keySet")
                    : t("connections.keyNotSet")
              }
              slotProps={{
                input: {
                  endAdornment: connection.hasTranscribeKey ? (
                    <InputAdornment position="end">
                      <Chip
                        size="small"
                        color={draft.clearTranscribekey ? "default" : "success"}
                        label={draft.clearTranscribekey ? t("connections.keyClearing") : t("connections.keySetShort")}
                        onDelete={() => set("clearTranscribekey", !draft.clearTranscribekey)}
                        deleteIcon={draft.clearTranscribekey ? <Replay /> : undefined}
                        data-testid={`connection-transcribekey-set-${id}`}
                      />
                    </InputAdornment>
                  ) : undefined,
                },
              }}
              data-testid={`connection-transcribekey-${id}`}
            />
          )}
        </Box>

        <TextField
          size="small"
          label={t("connections.timeforagroup")}
          value={draft.timeforagroup}
          onChange={(e) => set("timeforagroup", e.target.value.replace(/\D/g, ""))}
          disabled={!canManage}
          error={Boolean(errors.timeforagroup)}
          helperText={errors.timeforagroup ?? t("connections.timeforagroupHelp")}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
          data-testid={`connection-timeforagroup-${id}`}
        />

        {canManage && <ApiTokenBox whatsappId={id} hasToken={connection.hasToken} />}
      </CardContent>
      {canManage && (
        <CardActions sx={{ justifyContent: "space-between", flexWrap: "wrap" }}>
          <Box>
            <Tooltip title={t("common.edit")}>
              <IconButton aria-label={t("common.edit")} onClick={onEdit} data-testid={`connection-edit-${id}`}>
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("common.delete")}>
              <IconButton aria-label={t("common.delete")} onClick={onDelete} data-testid={`connection-delete-${id}`}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {connection.provider === "simulator" && (
              <Tooltip title={t("connections.openSimulator")}>
                <IconButton
                  component={Link}
                  to={`/simulator?whatsappId=${id}`}
                  aria-label={t("connections.openSimulator")}
                  data-testid={`connection-simulator-${id}`}
                >
                  <Science fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={pristine || update.isPending}
            data-testid={`connection-card-save-${id}`}
          >
            {t("common.save")}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** The buttons each status gives (core-service section 4). */
function SessionButtons({ connection, onShowQr, onDisconnect }: Pick<Props, "connection" | "onShowQr" | "onDisconnect">) {
  const { t } = useTranslation();
  const start = useStartSession();
  const newQr = useRequestNewQr();
  const { id, status } = connection;
  switch (status) {
    case "qrcode":
      return (
        <Button size="small" variant="contained" startIcon={<QrCode2 />} onClick={onShowQr} data-testid={`connection-qr-button-${id}`}>
          {t("connections.buttons.qrcode")}
        </Button>
      );
    case "DISCONNECTED":
      return (
        <>
          <Button
            size="small"
            variant="outlined"
            startIcon={<Replay />}
            disabled={start.isPending}
            onClick={() => start.mutate({ id })}
            data-testid={`connection-start-${id}`}
          >
            {t("connections.buttons.tryAgain")}
          </Button>
          {/* Without a QR (the Cloud API) there is nothing new to scan: saving new credentials is the way back. */}
          {connection.capabilities.qr && <Button
            size="small"
            variant="contained"
            startIcon={<Refresh />}
            disabled={newQr.isPending}
            onClick={() => newQr.mutate(id)}
            data-testid={`connection-newqr-${id}`}
          >
            {t("connections.buttons.newQr")}
          </Button>}
        </>
      );
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT":
      return (
        <>
          {status === "PAIRING" && (
            <Button size="small" variant="contained" startIcon={<QrCode2 />} onClick={onShowQr} data-testid={`connection-pairing-button-${id}`}>
              {t("connections.buttons.pairingCode")}
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<LinkOff />}
            onClick={onDisconnect}
            data-testid={`connection-disconnect-${id}`}
          >
            {t("connections.buttons.disconnect")}
          </Button>
        </>
      );
    case "OPENING":
      return (
        <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={16} />} data-testid={`connection-opening-${id}`}>
          {t("connections.buttons.connecting")}
        </Button>
      );
    default:
      return null;
  }
}
