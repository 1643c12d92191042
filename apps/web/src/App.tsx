import { BrowserRouter } from "react-router";
import { AppProviders } from "./AppProviders.js";
import { AppRoutes } from "./routes/AppRoutes.js";

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
