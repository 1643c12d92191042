import type { PlanFlags, Profile } from "./permissions.js";
import type { SettingEntry } from "./settings.js";

export interface PlanView extends PlanFlags {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: string;
}

export interface CompanyView {
  id: number;
  name: string;
  /** ISO date (yyyy-MM-dd) or null when the company has no due date (the platform company). */
  dueDate: string | null;
  settings: SettingEntry[];
  plan: PlanView | null;
}

/** The signed-in user, as /auth/login, /auth/refresh_token and /auth/me answer it. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: "enabled" | "disabled";
  companyId: number;
  whatsappId: number | null;
  online: boolean;
  queues: { id: number; name: string; color: string }[];
  company: CompanyView;
}

export interface AuthResponse {
  token: string;
  /** The session this token belongs to; the client ignores second-login events about its own session. */
  sessionId: string;
  user: SessionUser;
}

export interface UserView {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: "enabled" | "disabled";
  companyId: number;
  whatsappId: number | null;
  online: boolean;
  queues: { id: number; name: string; color: string }[];
  createdAt: string;
  updatedAt: string;
}
