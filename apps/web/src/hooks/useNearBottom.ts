import { useCallback, type UIEvent } from "react";
import { INFINITE_SCROLL_THRESHOLD_PX } from "@atendo/shared";

/** The parts of a react-query infinite query that paging needs. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A scroll handler that loads the query's next page within 100 px of the bottom (spec section 9), once at a time. */
export function useNearBottom({ hasNextPage, isFetchingNextPage, fetchNextPage }: PagedQuery) {
  return useCallback(
    (event: UIEvent<HTMLElement>) => {
      const el = event.currentTarget;
      if (!hasNextPage || isFetchingNextPage) return;
      if (el.scrollHeight - el.scrollTop - el.clientHeight < INFINITE_SCROLL_THRESHOLD_PX) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
}
