import type { ReactNode } from "react";
import type { Permission } from "@atendo/shared";
import { useCan } from "../features/auth/useCan.js";

interface Props {
  perform: Permission;
  children: ReactNode;
  /** Rendered when the action is not allowed. */
  otherwise?: ReactNode;
}

/** Renders its children only when the signed-in user may perform the action (shared permission table). */
export function Can({ perform, children, otherwise = null }: Props) {
  return useCan(perform) ? children : otherwise;
}
