// @vitest-environment happy-dom
// A number box shows its number in Persian digits, as a person reads it,
// and takes Persian or Latin digits typed into it.
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { NumberInput } from "./NumberInput";
import { typeInto } from "../panelTesting";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(initial: number | null) {
  const seen: (number | null)[] = [];
  function Box() {
    const [value, setValue] = useState<number | null>(initial);
    return (
      <NumberInput
        label="n"
        value={value}
        onChange={(n) => {
          seen.push(n);
          setValue(n);
        }}
      />
    );
  }
  const host = document.createElement("div");
  act(() => createRoot(host).render(<Box />));
  return { input: host.querySelector("input")!, seen };
}

describe("NumberInput", () => {
  it("shows a stored number in Persian digits", () => {
    expect(render(30).input.value).toBe("۳۰");
    expect(render(2.5).input.value).toBe("۲.۵");
    expect(render(null).input.value).toBe("");
  });

  it("reads Persian and Latin digits alike", () => {
    const { input, seen } = render(5);
    typeInto(input, "۴۵");
    typeInto(input, "12");
    expect(seen).toEqual([45, 12]);
    expect(input.value).toBe("12");
  });
});
