import { BrowserRouter } from "react-router";
import { AppProviders } from "./AppProviders.js";
import { AppRoutes } from "./routes/AppRoutes.js";

export function App() {
  return (
    <AppProviders>
      {/* Plain (non-transition) updates: the page follows the address without a deferred render. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
