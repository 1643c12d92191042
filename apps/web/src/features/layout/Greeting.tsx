import { Typography } from "@mui/material";
import { Trans } from "react-i18next";
import type { SessionUser } from "@atendo/shared";
import { formatDate } from "../../lib/dates.js";

/**
 * "Olá <b>name</b>, Bem vindo a <b>company</b>!" plus "(Ativo até dd/MM/yyyy)" for admins of a company with a due date.
 * Names are passed as elements, never interpolated into the translation, so markup in a name stays text.
 */
export function Greeting({ user }: { user: SessionUser }) {
  const dueDate = user.company.dueDate;
  const withDueDate = user.profile === "admin" && Boolean(dueDate);
  return (
    // Hidden on phones, where the bar keeps its controls instead.
    <Typography data-testid="greeting" noWrap sx={{ flexGrow: 1, minWidth: 0, display: { xs: "none", sm: "block" } }}>
      <Trans
        i18nKey={withDueDate ? "layout.greetingWithDueDate" : "layout.greeting"}
        values={withDueDate && dueDate ? { dueDate: formatDate(dueDate) } : {}}
        components={{ name: <b>{user.name}</b>, company: <b>{user.company.name}</b> }}
      />
    </Typography>
  );
}
