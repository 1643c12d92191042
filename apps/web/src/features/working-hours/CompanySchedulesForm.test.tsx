import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS, defaultWorkingHours, type SessionUser } from "@atendo/shared";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { fakeApi } from "../../test/fake-api.js";
import { makeUser } from "../../test/fixtures.js";
import { renderApp } from "../../test/render.js";

function signInAs(user: SessionUser, scheduleType: string, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.token, "token-1");
  return fakeApi({
    "GET /auth/me": { status: 200, data: user },
    "GET /settings/": { status: 200, data: [{ key: "scheduleType", value: scheduleType }] },
    "GET /companies/3/schedules": { status: 200, data: { schedules: defaultWorkingHours() } },
    ...extra,
  });
}
const input = async (testId: string) => {
  const found = (await screen.findByTestId(testId)).querySelector("input");
  if (!found) throw new Error(`no input in ${testId}`);
  return found;
};

describe("Settings: Schedules tab", { timeout: 20_000 }, () => {
  it("is absent unless working hours are managed per company", async () => {
    signInAs(makeUser({ profile: "admin" }), "queue");
    renderApp(<AppRoutes />, "/settings");
    await screen.findByTestId("setting-scheduleType");
    expect(screen.queryByTestId("settings-tab-schedules")).toBeNull();
  });

  it("edits the company's hours, masking ##:##, and toasts", async () => {
    const api = signInAs(makeUser({ profile: "admin" }), "company", {
      "PUT /companies/3/schedules": { status: 200, data: { schedules: defaultWorkingHours() } },
    });
    renderApp(<AppRoutes />, "/settings");
    fireEvent.click(await screen.findByTestId("settings-tab-schedules"));
    fireEvent.change(await input("working-hours-sunday-start"), { target: { value: "9" } });
    fireEvent.click(screen.getByTestId("company-schedules-save"));
    expect(await within(screen.getByTestId("working-hours-sunday-start")).findByText("Horário inválido (use HH:MM)")).toBeTruthy();
    expect(api.requests).not.toContain("PUT /companies/3/schedules");

    fireEvent.change(await input("working-hours-sunday-start"), { target: { value: "0900" } });
    fireEvent.change(await input("working-hours-sunday-end"), { target: { value: "13:00" } });
    fireEvent.click(screen.getByTestId("company-schedules-save"));
    expect(await screen.findByText("Horários atualizados com sucesso.")).toBeTruthy();
    const body = api.bodies[api.requests.indexOf("PUT /companies/3/schedules")] as { schedules: { startTime: string; endTime: string }[] };
    expect(body.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTime: "09:00", endTime: "13:00" });
  });

  it("refuses a closing time before the opening time with a clear message", async () => {
    const api = signInAs(makeUser({ profile: "admin" }), "company", {
      "PUT /companies/3/schedules": { status: 200, data: { schedules: defaultWorkingHours() } },
    });
    renderApp(<AppRoutes />, "/settings");
    fireEvent.click(await screen.findByTestId("settings-tab-schedules"));
    fireEvent.change(await input("working-hours-monday-end"), { target: { value: "07:30" } });
    fireEvent.click(screen.getByTestId("company-schedules-save"));
    expect(await within(screen.getByTestId("working-hours-monday-end")).findByText("O horário de término deve ser depois do horário de início")).toBeTruthy();
    expect(api.requests).not.toContain("PUT /companies/3/schedules");

    // Closing at midnight (00:00) is the day's end, not an error.
    fireEvent.change(await input("working-hours-monday-end"), { target: { value: "00:00" } });
    fireEvent.click(screen.getByTestId("company-schedules-save"));
    expect(await screen.findByText("Horários atualizados com sucesso.")).toBeTruthy();
  });

  it("is read-only for agents", async () => {
    signInAs(makeUser({ profile: "user" }), "company");
    renderApp(<AppRoutes />, "/settings");
    fireEvent.click(await screen.findByTestId("settings-tab-schedules"));
    await waitFor(async () => expect((await input("working-hours-monday-start")).disabled).toBe(true));
    expect(screen.queryByTestId("company-schedules-save")).toBeNull();
  });
});
