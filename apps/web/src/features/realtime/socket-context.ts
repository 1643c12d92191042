import { createContext, useContext, useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";

export const SocketContext = createContext<Socket | null>(null);

/** The signed-in user's socket, or null before login. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/** Subscribes to one server event for the component's lifetime; the latest handler is always used. */
export function useSocketEvent<T>(event: string | null, handler: (payload: T) => void): void {
  const socket = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket || !event) return;
    const listener = (payload: T) => latest.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
