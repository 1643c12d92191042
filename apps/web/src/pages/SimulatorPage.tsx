import { useEffect, useMemo, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import Groups from "@mui/icons-material/Groups";
import Person from "@mui/icons-material/Person";
import PersonAdd from "@mui/icons-material/PersonAdd";
import QrCodeScanner from "@mui/icons-material/QrCodeScanner";
import SignalCellularConnectedNoInternet0Bar from "@mui/icons-material/SignalCellularConnectedNoInternet0Bar";
import TimerOff from "@mui/icons-material/TimerOff";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../components/PageHeader.js";
import { EmptyState } from "../components/EmptyState.js";
import { api } from "../features/auth/api.js";
import { toastError, toastSuccess } from "../features/errors/toast.js";
import { useConnections, useConnectionsRealtime } from "../features/connections/api.js";
import { ConnectionStatusIcon } from "../features/connections/ConnectionStatusIcon.js";
import type { Connection } from "../features/connections/types.js";
import {
  useSimulatorContacts,
  useSimulatorDrop,
  useSimulatorRealtime,
  useSimulatorScan,
  type AgentPresence,
} from "../features/simulator/api.js";
import { ChatView } from "../features/simulator/ChatView.js";
import { CustomerDialog } from "../features/simulator/CustomerDialog.js";

const AGENT_PRESENCE_MS = 10_000;

/**
 * The WhatsApp simulator (admins; issue 3): act as one or many customers of a simulator connection — pick or create a
 * customer or group, chat with the agents, and drive the connection itself (scan its QR, drop it).
 */
export function SimulatorPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const connections = useConnections();
  useConnectionsRealtime();
  const simulated = useMemo(
    () => (connections.data ?? []).filter((c) => c.provider === "simulator").sort((a, b) => a.id - b.id),
    [connections.data],
  );
  const requested = Number(params.get("whatsappId"));
  const connection = simulated.find((c) => c.id === requested) ?? simulated[0] ?? null;
  const whatsappId = connection?.id ?? null;
  const contacts = useSimulatorContacts(whatsappId);
  const [number, setNumber] = useState<string | null>(params.get("number"));
  const [dialogOpen, setDialogOpen] = useState(false);
  const [agentPresence, setAgentPresence] = useState<AgentPresence | null>(null);
  useSimulatorRealtime(whatsappId, setAgentPresence);

  // Presence lapses like WhatsApp's: a few seconds without news ends "typing".
  useEffect(() => {
    if (!agentPresence) return;
    const timer = setTimeout(() => setAgentPresence(null), AGENT_PRESENCE_MS);
    return () => clearTimeout(timer);
  }, [agentPresence]);

  // Another connection: its own customers.
  useEffect(() => {
    setNumber((current) => (current && contacts.data?.some((c) => c.number === current) ? current : null));
  }, [whatsappId, contacts.data]);

  const contact = contacts.data?.find((c) => c.number === number) ?? null;

  const chooseConnection = (id: number) => {
    setNumber(null);
    setParams({ whatsappId: String(id) }, { replace: true });
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: { md: "calc(100vh - 112px)" }, minHeight: 0 }}>
      <PageHeader
        title={t("simulator.title")}
        actions={
          <TextField
            select
            size="small"
            label={t("simulator.connection")}
            value={whatsappId ?? ""}
            onChange={(e) => chooseConnection(Number(e.target.value))}
            sx={{ minWidth: 240 }}
            data-testid="simulator-connection"
          >
            {simulated.map((c) => (
              <MenuItem key={c.id} value={c.id} data-testid={`simulator-connection-option-${c.id}`}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {connections.isSuccess && simulated.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState message={t("simulator.noConnections")} />
        </Paper>
      ) : connection ? (
        <>
          <ConnectionBar connection={connection} />
          <Box
            sx={{
              display: "grid",
              gridTemplateColumns: { xs: "1fr", md: "280px 1fr" },
              gap: 2,
              flexGrow: 1,
              minHeight: 0,
              mt: 2,
            }}
          >
            <Paper variant="outlined" sx={{ display: "flex", flexDirection: "column", minHeight: 0 }}>
              <Box sx={{ p: 1.5 }}>
                <Button fullWidth variant="contained" startIcon={<PersonAdd />} onClick={() => setDialogOpen(true)} data-testid="simulator-new-customer">
                  {t("simulator.newCustomer")}
                </Button>
              </Box>
              <List dense sx={{ overflowY: "auto", flexGrow: 1 }} data-testid="simulator-customers">
                {(contacts.data ?? []).map((c) => (
                  <ListItemButton
                    key={c.number}
                    selected={c.number === number}
                    onClick={() => setNumber(c.number)}
                    data-testid={`simulator-customer-${c.number}`}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>{c.isGroup ? <Groups /> : <Person />}</ListItemIcon>
                    <ListItemText
                      primary={c.name}
                      secondary={c.isGroup ? t("simulator.membersCount", { count: c.members.length }) : `+${c.number}`}
                      slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                    />
                  </ListItemButton>
                ))}
                {contacts.isSuccess && contacts.data.length === 0 && (
                  <Typography variant="body2" sx={{ color: "text.secondary", px: 2, py: 1 }}>
                    {t("simulator.noCustomers")}
                  </Typography>
                )}
              </List>
            </Paper>
            <Box sx={{ minHeight: { xs: 480, md: 0 } }}>
              {contact && whatsappId !== null ? (
                <ChatView
                  key={`${whatsappId}-${contact.number}`}
                  whatsappId={whatsappId}
                  contact={contact}
                  contacts={contacts.data ?? []}
                  agentPresence={agentPresence?.chat === contact.number ? agentPresence.presence : null}
                />
              ) : (
                <Paper variant="outlined" sx={{ height: "100%" }}>
                  <EmptyState message={t("simulator.pickCustomer")} />
                </Paper>
              )}
            </Box>
          </Box>
          <CustomerDialog
            open={dialogOpen}
            whatsappId={connection.id}
            contacts={contacts.data ?? []}
            onClose={() => setDialogOpen(false)}
            onCreated={(created) => setNumber(created.number)}
          />
        </>
      ) : null}
    </Box>
  );
}

/** The simulated phone's side of the connection: its status, a pending QR to scan, and drops on demand. */
function ConnectionBar({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const scan = useSimulatorScan();
  const drop = useSimulatorDrop();
  const { id, status } = connection;

  const scanPending = async () => {
    // The list may be older than the QR on screen: read the current one first.
    const fresh = (await api.get<Connection>(`/whatsapp/${id}`, { params: { session: 0 } })).data;
    const qrcode = fresh?.qrcode || connection.qrcode;
    await scan.mutateAsync({ whatsappId: id, qrcode });
    toastSuccess(t("simulator.scanned"));
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexGrow: 1, minWidth: 0 }}>
          <ConnectionStatusIcon id={id} status={status} />
          <Typography variant="subtitle1" noWrap>
            {connection.name}
          </Typography>
          <Chip size="small" label={t(`connections.statusTitle.${status}`)} data-testid="simulator-status" data-status={status} />
          {connection.number && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              +{connection.number}
            </Typography>
          )}
        </Stack>
        {status === "qrcode" && (
          <Button
            variant="contained"
            startIcon={<QrCodeScanner />}
            disabled={scan.isPending}
            onClick={() => void scanPending().catch(toastError)}
            data-testid="simulator-scan"
          >
            {t("simulator.scan")}
          </Button>
        )}
        <Button
          variant="outlined"
          color="warning"
          startIcon={<TimerOff />}
          disabled={status !== "CONNECTED" || drop.isPending}
          onClick={() => drop.mutate({ whatsappId: id, status: "TIMEOUT" })}
          data-testid="simulator-drop-timeout"
        >
          {t("simulator.dropTimeout")}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<SignalCellularConnectedNoInternet0Bar />}
          disabled={status !== "CONNECTED" || drop.isPending}
          onClick={() => drop.mutate({ whatsappId: id, status: "DISCONNECTED" })}
          data-testid="simulator-drop-disconnected"
        >
          {t("simulator.dropDisconnected")}
        </Button>
      </Stack>
      {status !== "CONNECTED" && (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid="simulator-not-connected">
          {status === "qrcode" ? t("simulator.qrPending") : t("simulator.notConnected")}
        </Alert>
      )}
    </Paper>
  );
}
