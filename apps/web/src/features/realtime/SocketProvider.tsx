import { useEffect, useState, type ReactNode } from "react";
import type { Socket } from "socket.io-client";
import { useQueryClient } from "@tanstack/react-query";
import { SECOND_LOGIN_SIGNOUT_MS } from "@atendo/shared";
import { API_BASE_URL, refreshToken } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { sessionEvents } from "../auth/session-events.js";
import { clearSession, getSessionId, getToken } from "../auth/session-storage.js";
import { toastErrorText } from "../errors/toast.js";
import { i18n } from "../../i18n/index.js";
import { applySettingUpdate } from "../settings/api.js";
import { attachRealtimeSession } from "./realtime-session.js";
import { SocketContext } from "./socket-context.js";

/** One socket per signed-in user; it lives as long as the session. */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  const userId = user?.id;
  const companyId = user?.companyId;

  useEffect(() => {
    if (userId === undefined || companyId === undefined) return;
    // The socket library loads with the first session, not with the login page (docs/PERFORMANCE.md, web delivery).
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("socket.io-client").then(({ io }) => {
      if (!cancelled) stop = connect(io);
    });
    const connect = (io: typeof import("socket.io-client").io) => {
      const connection = io(API_BASE_URL, {
        transports: ["websocket"],
        // A function, so every (re)connect presents the token stored at that moment.
        auth: (send) => send({ token: getToken() }),
      });

      const detach = attachRealtimeSession({
        socket: connection,
        userId,
        companyId,
        getSessionId,
        refresh: refreshToken,
        signOut: () => {
          clearSession();
          sessionEvents.expired.emit();
        },
        onSecondLogin: () => {
          toastErrorText(i18n.t("auth.secondLogin"));
          setTimeout(() => {
            clearSession();
            window.location.reload();
          }, SECOND_LOGIN_SIGNOUT_MS);
        },
        onSettingUpdate: (setting) => applySettingUpdate(queryClient, setting),
      });
      setSocket(connection);

      return () => {
        detach();
        connection.disconnect();
        setSocket(null);
      };
    };
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, companyId, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
