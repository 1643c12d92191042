import { useCallback, useEffect, useRef } from "react";
import { sendAgentPresence, type AgentPresence } from "./composer-api.js";

/** The agent's typing reaches the customer at most this often, and stops after this long without a key. */
export const PRESENCE_THROTTLE_MS = 5_000;
export const PRESENCE_IDLE_MS = 5_000;

/**
 * Tells the customer the agent is typing or recording (best effort): "composing" at most every 5 s while keys come,
 * "paused" after 5 s without one; "recording" every 5 s while a recording runs; "paused" when it ends.
 */
export function useAgentPresence(ticketId: number) {
  const lastSent = useRef<{ presence: AgentPresence; at: number } | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const repeat = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const send = useCallback(
    (presence: AgentPresence) => {
      lastSent.current = { presence, at: Date.now() };
      sendAgentPresence(ticketId, presence);
    },
    [ticketId],
  );

  const paused = useCallback(() => {
    clearTimeout(idle.current);
    clearInterval(repeat.current);
    idle.current = undefined;
    repeat.current = undefined;
    if (lastSent.current && lastSent.current.presence !== "paused") send("paused");
  }, [send]);

  const typing = useCallback(() => {
    const last = lastSent.current;
    if (!last || last.presence !== "composing" || Date.now() - last.at >= PRESENCE_THROTTLE_MS) send("composing");
    clearTimeout(idle.current);
    idle.current = setTimeout(paused, PRESENCE_IDLE_MS);
  }, [send, paused]);

  const recording = useCallback(() => {
    clearTimeout(idle.current);
    clearInterval(repeat.current);
    send("recording");
    repeat.current = setInterval(() => send("recording"), PRESENCE_THROTTLE_MS);
  }, [send]);

  // Another ticket, or the panel closes: whatever was shown to the customer stops.
  useEffect(() => () => paused(), [paused]);

  return { typing, recording, paused };
}
