import { useEffect, useMemo, useRef, useState } from "react";
import {
  Autocomplete,
  Badge,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DoneAll from "@mui/icons-material/DoneAll";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { TicketView } from "@atendo/shared";
import { Can } from "../../components/Can.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { SearchField } from "../../components/SearchField.js";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { useAuth } from "../auth/auth-context.js";
import { useCan } from "../auth/useCan.js";
import { useAllTags, useCloseAllTickets, useTicket, useTicketsList, useUserNames, type TicketFilter } from "./api.js";
import { NewTicketDialog } from "./NewTicketDialog.js";
import { readQueueSelection, storeQueueSelection } from "./queue-selection.js";
import { SpyDialog } from "./SpyDialog.js";
import { TicketsList } from "./TicketsList.js";
import { TransferTicketDialog } from "./TransferTicketDialog.js";
import { useTicketActions } from "./useTicketActions.js";

type MainTab = "open" | "closed" | "search";
type OpenTab = "assigned" | "pending";

/** The tickets list side of the screen (core-service section 2): header shortcuts, tabs, the lists and their dialogs. */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const canShowAll = useCan("tickets-manager:showall");
  const canFilterUsers = useCan("tickets:filterByUser");
  const actions = useTicketActions();
  const closeAll = useCloseAllTickets();

  const ownQueues = useMemo(() => user?.queues ?? [], [user]);
  const ownQueueIds = useMemo(() => ownQueues.map((q) => q.id), [ownQueues]);
  const [queueIds, setQueueIds] = useState<number[]>(() => (user ? readQueueSelection(user.id, ownQueueIds) : []));
  const [showAll, setShowAll] = useState(false);
  const [tab, setTab] = useState<MainTab>("open");
  const [openTab, setOpenTab] = useState<OpenTab>("assigned");
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim());
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const [transferring, setTransferring] = useState<TicketView | null>(null);
  const [spying, setSpying] = useState<TicketView | null>(null);

  // The selected ticket follows its status: accepted or reopened, the list shows the tab it moved to (where it is
  // still selected). Only a change moves the tabs, so a tab the user picked by hand stays.
  const selected = useTicket(selectedUuid).data;
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!selected || selected.uuid !== selectedUuid) return;
    const place = `${selected.uuid}:${selected.status}`;
    if (followed.current === place) return;
    const first = followed.current === null || !followed.current.startsWith(`${selected.uuid}:`);
    followed.current = place;
    // Opening a ticket from the search tab keeps the search.
    if (first && tab === "search") return;
    if (selected.status === "closed") setTab("closed");
    else {
      setTab("open");
      setOpenTab(selected.status === "pending" ? "pending" : "assigned");
    }
  }, [selected, selectedUuid, tab]);

  const effectiveShowAll = canShowAll && showAll;
  const filters = useMemo(() => {
    const base = { showAll: effectiveShowAll, queueIds };
    return {
      open: { ...base, status: "open" } as TicketFilter,
      pending: { ...base, status: "pending" } as TicketFilter,
      closed: { ...base, status: "closed" } as TicketFilter,
      search: { ...base, searchParam, tags: tagIds, users: userIds } as TicketFilter,
    };
  }, [effectiveShowAll, queueIds, searchParam, tagIds, userIds]);

  // Both open sub-lists load at once: their counts show on the sub-tabs.
  const openList = useTicketsList(filters.open);
  const pendingList = useTicketsList(filters.pending);
  const closedList = useTicketsList(filters.closed, tab === "closed");
  const searchList = useTicketsList(filters.search, tab === "search");
  const tags = useAllTags(tab === "search");
  const users = useUserNames(tab === "search" && canFilterUsers);

  const openCount = openList.data?.pages[0]?.count ?? 0;
  const pendingCount = pendingList.data?.pages[0]?.count ?? 0;
  const closeAllStatus = tab === "open" ? (openTab === "assigned" ? "open" : "pending") : null;

  const changeQueues = (ids: number[]) => {
    setQueueIds(ids);
    if (user) storeQueueSelection(user.id, ids);
  };

  const handlers = {
    onOpen: (ticket: TicketView) => navigate(`/tickets/${ticket.uuid}`),
    onAccept: actions.accept,
    onClose: actions.resolve,
    onReopen: actions.reopen,
    onTransfer: setTransferring,
    onSpy: setSpying,
    busy: actions.pending,
  };

  return (
    <Paper variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column", minHeight: 0 }} data-testid="tickets-manager">
      <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Button size="small" variant="contained" startIcon={<Add />} onClick={() => setNewTicketOpen(true)} data-testid="tickets-new">
          {t("tickets.header.newTicket")}
        </Button>
        <Can perform="tickets:closeAll">
          <Tooltip title={t("tickets.header.closeAll")}>
            <span>
              <IconButton
                size="small"
                aria-label={t("tickets.header.closeAll")}
                disabled={!closeAllStatus || closeAll.isPending}
                onClick={() => setConfirmCloseAll(true)}
                data-testid="tickets-close-all"
              >
                <DoneAll />
              </IconButton>
            </span>
          </Tooltip>
        </Can>
        {canShowAll && (
          <FormControlLabel
            sx={{ mr: 0 }}
            control={<Switch size="small" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} slotProps={{ input: { "data-testid": "tickets-show-all" } as object }} />}
            label={t("tickets.header.showAll")}
          />
        )}
        {ownQueues.length > 0 && (
          <Select
            size="small"
            multiple
            displayEmpty
            value={queueIds}
            onChange={(e) => changeQueues(typeof e.target.value === "string" ? [] : e.target.value)}
            renderValue={(ids) => (ids.length === 0 ? t("tickets.header.allQueues") : t("tickets.header.queuesSelected", { count: ids.length }))}
            sx={{ minWidth: 140, ml: "auto" }}
            data-testid="tickets-queue-select"
          >
            {ownQueues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id} data-testid={`tickets-queue-option-${queue.id}`}>
                <Checkbox size="small" checked={queueIds.includes(queue.id)} sx={{ color: queue.color, "&.Mui-checked": { color: queue.color } }} />
                <ListItemText primary={queue.name} />
              </MenuItem>
            ))}
          </Select>
        )}
      </Stack>
      <Tabs value={tab} onChange={(_, value: MainTab) => setTab(value)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: "divider", minHeight: 40 }}>
        <Tab value="open" label={t("tickets.tabs.open")} data-testid="tickets-tab-open" sx={{ minHeight: 40 }} />
        <Tab value="closed" label={t("tickets.tabs.closed")} data-testid="tickets-tab-closed" sx={{ minHeight: 40 }} />
        <Tab value="search" label={t("tickets.tabs.search")} data-testid="tickets-tab-search" sx={{ minHeight: 40 }} />
      </Tabs>
      {tab === "open" && (
        <>
          <Tabs value={openTab} onChange={(_, value: OpenTab) => setOpenTab(value)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: "divider", minHeight: 40 }}>
            <Tab
              value="assigned"
              sx={{ minHeight: 40 }}
              data-testid="tickets-tab-assigned"
              label={
                <Badge badgeContent={openCount} color="primary" max={999} data-testid="tickets-count-assigned" data-count={openCount} sx={{ pr: 2 }}>
                  {t("tickets.tabs.assigned")}
                </Badge>
              }
            />
            <Tab
              value="pending"
              sx={{ minHeight: 40 }}
              data-testid="tickets-tab-pending"
              label={
                <Badge badgeContent={pendingCount} color="secondary" max={999} data-testid="tickets-count-pending" data-count={pendingCount} sx={{ pr: 2 }}>
                  {t("tickets.tabs.pending")}
                </Badge>
              }
            />
          </Tabs>
          {openTab === "assigned" ? (
            <TicketsList query={openList} selectedUuid={selectedUuid} testId="tickets-list-open" {...handlers} />
          ) : (
            <TicketsList query={pendingList} selectedUuid={selectedUuid} testId="tickets-list-pending" {...handlers} />
          )}
        </>
      )}
      {tab === "closed" && <TicketsList query={closedList} selectedUuid={selectedUuid} testId="tickets-list-closed" {...handlers} />}
      {tab === "search" && (
        <>
          <Stack spacing={1} sx={{ p: 1 }}>
            <SearchField fullWidth placeholder={t("tickets.search.placeholder")} value={search} onChange={setSearch} data-testid="tickets-search" />
            <Autocomplete
              multiple
              size="small"
              options={tags.data ?? []}
              getOptionLabel={(tag) => tag.name}
              value={(tags.data ?? []).filter((tag) => tagIds.includes(tag.id))}
              onChange={(_, value) => setTagIds(value.map((tag) => tag.id))}
              renderInput={(params) => <TextField {...params} placeholder={t("tickets.search.tags")} />}
              data-testid="tickets-search-tags"
            />
            {canFilterUsers && (
              <Autocomplete
                multiple
                size="small"
                options={users.data ?? []}
                getOptionLabel={(option) => option.name}
                value={(users.data ?? []).filter((option) => userIds.includes(option.id))}
                onChange={(_, value) => setUserIds(value.map((option) => option.id))}
                renderInput={(params) => <TextField {...params} placeholder={t("tickets.search.users")} />}
                data-testid="tickets-search-users"
              />
            )}
          </Stack>
          <Box sx={{ borderTop: 1, borderColor: "divider" }} />
          <TicketsList query={searchList} selectedUuid={selectedUuid} testId="tickets-list-search" {...handlers} />
        </>
      )}
      <NewTicketDialog open={newTicketOpen} onClose={() => setNewTicketOpen(false)} />
      <TransferTicketDialog ticket={transferring} onClose={() => setTransferring(null)} />
      <SpyDialog ticket={spying} onClose={() => setSpying(null)} />
      <ConfirmDialog
        open={confirmCloseAll}
        title={t("tickets.closeAll.title")}
        message={t("tickets.closeAll.message")}
        onClose={() => setConfirmCloseAll(false)}
        onConfirm={() => {
          if (closeAllStatus) closeAll.mutate({ status: closeAllStatus, selectedQueueIds: queueIds });
        }}
      />
    </Paper>
  );
}
