import { useCallback, type UIEvent } from "react";
import { INFINITE_SCROLL_THRESHOLD_PX } from "@atendo/shared";

/** A scroll handler that asks for the next page within 100 px of the bottom (spec section 9). */
export function useNearBottom(loadMore: () => void, enabled: boolean) {
  return useCallback(
    (event: UIEvent<HTMLElement>) => {
      const el = event.currentTarget;
      if (enabled && el.scrollHeight - el.scrollTop - el.clientHeight < INFINITE_SCROLL_THRESHOLD_PX) loadMore();
    },
    [loadMore, enabled],
  );
}
