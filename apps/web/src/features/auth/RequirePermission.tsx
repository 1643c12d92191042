import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { DENIED_REDIRECT_MS, type Permission } from "@atendo/shared";
import { toastErrorText } from "../errors/toast.js";
import { useCan } from "./useCan.js";

interface Props {
  permission: Permission;
  /** Translation key of the refusal toast. */
  deniedMessage?: string;
  children: ReactNode;
}

/** A page the user's role or plan does not allow: toast, then back to / after 1 s (administration section 6). */
export function RequirePermission({ permission, deniedMessage = "common.planDenied", children }: Props) {
  const allowed = useCan(permission);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const warned = useRef(false);

  useEffect(() => {
    if (allowed) return;
    if (!warned.current) {
      warned.current = true;
      toastErrorText(t(deniedMessage));
    }
    const timer = setTimeout(() => navigate("/", { replace: true }), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [allowed, deniedMessage, navigate, t]);

  return allowed ? children : null;
}
