import { act } from "@testing-library/react";
import type { Socket } from "socket.io-client";

type Listener = (payload: unknown) => void;

/**
 * A socket stand-in for SocketContext: components subscribe with on/off as with the real one, and the test pushes
 * server events with `push` (inside act, so React applies the updates before the test looks).
 */
export function fakeSocket(): { socket: Socket; push: (event: string, payload: unknown) => void; listeners: (event: string) => number } {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    connected: true,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    emit() {
      return socket;
    },
  };
  return {
    socket: socket as unknown as Socket,
    push: (event, payload) => {
      act(() => {
        for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
      });
    },
    listeners: (event) => listeners.get(event)?.size ?? 0,
  };
}
