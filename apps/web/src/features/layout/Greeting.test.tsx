import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { makeUser } from "../../test/fixtures.js";
import { Greeting } from "./Greeting.js";

describe("Greeting", () => {
  it("greets an agent by name and company, in bold", () => {
    render(<Greeting user={makeUser({ profile: "user" })} />);
    const greeting = screen.getByTestId("greeting");
    expect(greeting.textContent).toBe("Olá Ana Souza, Bem vindo a Demo Ltda!");
    expect([...greeting.querySelectorAll("b")].map((b) => b.textContent)).toEqual(["Ana Souza", "Demo Ltda"]);
  });

  it("adds the due date for admins", () => {
    const user = makeUser({ profile: "admin" });
    render(<Greeting user={{ ...user, company: { ...user.company, dueDate: "2030-07-09" } }} />);
    expect(screen.getByTestId("greeting").textContent).toBe("Olá Ana Souza, Bem vindo a Demo Ltda! (Ativo até 09/07/2030)");
  });

  it("leaves the due date out when the company has none", () => {
    const user = makeUser({ profile: "admin" });
    render(<Greeting user={{ ...user, company: { ...user.company, dueDate: null } }} />);
    expect(screen.getByTestId("greeting").textContent).toBe("Olá Ana Souza, Bem vindo a Demo Ltda!");
  });

  it("shows markup in a name as text", () => {
    render(<Greeting user={makeUser({ name: "<i>Eve</i> <img src=x onerror=alert(1)>" })} />);
    const greeting = screen.getByTestId("greeting");
    expect(greeting.querySelector("img, i")).toBeNull();
    expect(greeting.textContent).toContain("<i>Eve</i>");
  });
});
