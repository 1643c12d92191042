import { useMemo } from "react";
import { Box, CircularProgress, List } from "@mui/material";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { TicketPage, TicketView } from "@atendo/shared";
import { EmptyState } from "../../components/EmptyState.js";
import { useNearBottom } from "../../hooks/useNearBottom.js";
import { TicketCard } from "./TicketCard.js";

export interface TicketCardHandlers {
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  onClose: (ticket: TicketView) => void;
  onReopen: (ticket: TicketView) => void;
  onTransfer: (ticket: TicketView) => void;
  onSpy: (ticket: TicketView) => void;
  busy?: boolean;
}

interface Props extends TicketCardHandlers {
  query: UseInfiniteQueryResult<InfiniteData<TicketPage>>;
  selectedUuid: string | undefined;
  testId: string;
}

/** One ticket list; the next page loads within 100 px of the bottom (core-service section 9). */
export function TicketsList({ query, selectedUuid, testId, ...handlers }: Props) {
  const { t } = useTranslation();
  const tickets = useMemo(() => query.data?.pages.flatMap((page) => page.tickets) ?? [], [query.data]);
  const onScroll = useNearBottom(query);
  return (
    <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto" }} onScroll={onScroll} data-testid={testId}>
      <List disablePadding>
        {tickets.map((ticket) => (
          <TicketCard key={ticket.id} ticket={ticket} selected={ticket.uuid === selectedUuid} {...handlers} />
        ))}
      </List>
      {(query.isLoading || query.isFetchingNextPage) && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
      {query.isSuccess && tickets.length === 0 && <EmptyState message={t("tickets.list.empty")} />}
    </Box>
  );
}
