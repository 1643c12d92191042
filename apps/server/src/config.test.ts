import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("names each bad variable with a clear message", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", REDIS_URL: "http://redis", JWT_SECRET: "short", DATA_DIR: "/tmp/atendo-config-test" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      expect(problems).toContain("PORT: must be a port number");
      expect(problems).toContain("DATABASE_URL: must start with postgres://");
      expect(problems).toContain("REDIS_URL: must start with redis://");
      expect(problems).toContain("JWT_SECRET: must be at least 32 characters");
    }
  });

  it("requires JWT_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/atendo-config-test" })).toThrow(/JWT_SECRET: must be set in production/);
  });

  it("has working defaults and treats empty values as unset", () => {
    const config = loadConfig({ PORT: "", DATA_DIR: "/tmp/atendo-config-test" });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept, so a restart keeps sessions.
    expect(loadConfig({ DATA_DIR: "/tmp/atendo-config-test" }).jwtSecret).toBe(config.jwtSecret);
  });

  it("reads the jobs' poll interval, 2 s by default and no faster than pg-boss allows", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/atendo-config-test" }).jobsPollIntervalSeconds).toBe(2);
    expect(loadConfig({ JOBS_POLL_INTERVAL_SECONDS: "0.5", DATA_DIR: "/tmp/atendo-config-test" }).jobsPollIntervalSeconds).toBe(0.5);
    expect(() => loadConfig({ JOBS_POLL_INTERVAL_SECONDS: "0.1", DATA_DIR: "/tmp/atendo-config-test" })).toThrow(/JOBS_POLL_INTERVAL_SECONDS: must be at least 0.5/);
  });

  it("takes an SMTP URL for mail, and has none by default (messages go to files)", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/atendo-config-test" })).toMatchObject({ smtpUrl: undefined, mailFrom: "Atendo <no-reply@atendo.local>" });
    const config = loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Suporte <s@example.com>", DATA_DIR: "/tmp/atendo-config-test" });
    expect(config).toMatchObject({ smtpUrl: "smtps://u:p@mail.example.com:465", mailFrom: "Suporte <s@example.com>" });
    expect(() => loadConfig({ SMTP_URL: "mail.example.com", DATA_DIR: "/tmp/atendo-config-test" })).toThrow(/SMTP_URL: must be a URL such as smtp:\/\//);
  });

  it("lower-cases the admin e-mail", () => {
    expect(loadConfig({ ADMIN_EMAIL: "Boss@Example.COM", DATA_DIR: "/tmp/atendo-config-test" }).adminEmail).toBe("boss@example.com");
  });
});
