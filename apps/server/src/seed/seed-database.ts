import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, plans, users } from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { seedDemoConnection } from "./seed-demo-connection.js";
import { seedDemoTickets } from "./seed-demo-tickets.js";

export interface SeedLogin {
  role: string;
  email: string;
  /** Present only when this start created the user: generated passwords are shown once. */
  password?: string;
}

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string;
  demoPassword?: string;
  seedDemo: boolean;
  /** The demo company also gets a connected simulator connection with a few customers. */
  simulatorEnabled?: boolean;
  now?: Date;
}

const ALL_FLAGS = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useInternal: true,
};

const generatePassword = () => randomBytes(9).toString("base64url");
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * On an empty database: the platform company with its super admin, the plans, and a demo company with an admin and
 * an agent. Returns null when the database already had companies. An advisory lock keeps two processes starting on
 * one fresh PostgreSQL from seeding twice.
 */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedLogin[] | null> {
  const now = opts.now ?? new Date();
  // Every start but the first ends here, before hashing passwords it would not use (checked again under the lock).
  if ((await db.select({ id: companies.id }).from(companies).limit(1)).length > 0) return null;
  const adminPassword = opts.adminPassword ?? generatePassword();
  const demoPassword = opts.demoPassword ?? generatePassword();
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
    const existing = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing.length > 0) return null;

    const [platformPlan, fullPlan] = await tx
      .insert(plans)
      .values([
        { name: "Plataforma", users: 100, connections: 100, queues: 100, value: "0", isPublic: false, ...ALL_FLAGS },
        { name: "Completo", users: 20, connections: 5, queues: 20, value: "199.90", ...ALL_FLAGS },
        { name: "Básico", users: 5, connections: 1, queues: 3, value: "49.90" },
      ])
      .returning();
    const [platform] = await tx
      .insert(companies)
      .values({ name: "Atendo", email: opts.adminEmail, planId: platformPlan!.id, isPlatform: true })
      .returning();
    await tx.insert(users).values({
      companyId: platform!.id,
      name: "Administrador",
      email: opts.adminEmail,
      passwordHash: adminHash,
      profile: "admin",
      super: true,
      allTicket: "enabled",
    });
    const logins: SeedLogin[] = [{ role: "Super admin", email: opts.adminEmail, password: adminPassword }];

    if (opts.seedDemo) {
      const [demo] = await tx
        .insert(companies)
        .values({ name: "Empresa Demo", email: "admin@demo.test", planId: fullPlan!.id, dueDate: addDays(now, 30) })
        .returning();
      await tx.insert(users).values([
        { companyId: demo!.id, name: "Ana Admin", email: "admin@demo.test", passwordHash: demoHash, profile: "admin", allTicket: "enabled" },
        { companyId: demo!.id, name: "Bruno Atendente", email: "agent@demo.test", passwordHash: demoHash, profile: "user" },
      ]);
      if (opts.simulatorEnabled) {
        await seedDemoConnection(tx, demo!.id);
        await seedDemoTickets(tx, demo!.id, now);
      }
      logins.push(
        { role: "Demo admin", email: "admin@demo.test", password: demoPassword },
        { role: "Demo agent", email: "agent@demo.test", password: demoPassword },
      );
    }
    return logins;
  });
}
