import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./i18n/index.js";
import { App } from "./App.js";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
