// @vitest-environment happy-dom
// Examples inside a Persian hint are code written left to right: the cron
// hint's expressions and a request's placeholders come out as <code dir="ltr">.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { HintText } from "./HintText";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(text: string): HTMLElement {
  const host = document.createElement("p");
  const root = createRoot(host);
  act(() => root.render(<HintText text={text} />));
  return host;
}

describe("HintText", () => {
  it("writes the cron examples left to right as code inside the Persian sentence", () => {
    const host = render(fa.nodes.scheduler.schedule.cronHint);
    const codes = [...host.querySelectorAll("code")];
    expect(codes.map((c) => c.textContent)).toEqual(["*/15 * * * *", "0 9 * * 6"]);
    expect(codes.every((c) => c.getAttribute("dir") === "ltr")).toBe(true);
    expect(host.textContent).toContain("دقیقه");
    expect(host.textContent).not.toContain("`");
  });

  it("shows a request's placeholder as typed", () => {
    const host = render(fa.nodes.request.endpointHint);
    expect([...host.querySelectorAll('code[dir="ltr"]')].map((c) => c.textContent)).toContain("/orders/{{order_id}}");
  });

  it("leaves text without examples as it is", () => {
    const host = render("بدون نمونه");
    expect(host.innerHTML).toBe("بدون نمونه");
  });

  it("spells cron «کرون»", () => {
    expect(fa.nodes.scheduler.schedule.cronExpression).toBe("عبارت کرون");
    expect(JSON.stringify(fa)).not.toContain("کران");
  });
});
