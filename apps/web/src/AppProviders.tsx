import { useState, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { GlobalStyles } from "@mui/material";
import { SnackbarProvider } from "notistack";
import { TOAST_MS } from "@atendo/shared";
import { AuthProvider } from "./features/auth/AuthProvider.js";
import { SocketProvider } from "./features/realtime/SocketProvider.js";
import { ThemeModeProvider } from "./features/theme/ThemeModeProvider.js";
import { createQueryClient } from "./lib/query-client.js";

interface Props {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Tests render without a socket. */
  realtime?: boolean;
}

/** Everything the pages rely on, outside the router so tests can pick their own. */
export function AppProviders({ children, queryClient, realtime = true }: Props) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeModeProvider>
        {/* Toasts close after 2 s (spec section 8). */}
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={TOAST_MS}
          anchorOrigin={{ vertical: "top", horizontal: "right" }}
          classes={{ containerAnchorOriginTopRight: "app-toasts" }}
        >
          {/* Toasts open below the top bar (56 px, 64 px from sm), never over its bells and account menu. */}
          <GlobalStyles styles={{ ".app-toasts": { top: "64px !important", "@media (min-width: 600px)": { top: "72px !important" } } }} />
          <AuthProvider>
            {realtime ? <SocketProvider>{children}</SocketProvider> : children}
          </AuthProvider>
        </SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
