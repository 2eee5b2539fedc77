import { describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { countdownText, msUntil } from "./countdown";

const c = fa.nodes.scheduler.runs.countdown;

describe("countdownText", () => {
  it("says minutes and seconds in Persian digits", () => {
    expect(countdownText((4 * 60 + 12) * 1000)).toBe("۴ دقیقه و ۱۲ ثانیه دیگر");
  });

  it("keeps the two largest units, and drops the second when it is zero", () => {
    expect(countdownText(((2 * 24 + 3) * 3600 + 59) * 1000)).toBe("۲ روز و ۳ ساعت دیگر");
    expect(countdownText((5 * 3600 + 7 * 60 + 9) * 1000)).toBe("۵ ساعت و ۷ دقیقه دیگر");
    expect(countdownText((5 * 3600 + 9) * 1000)).toBe("۵ ساعت دیگر");
    expect(countdownText(3 * 60 * 1000)).toBe("۳ دقیقه دیگر");
    expect(countdownText(12_000)).toBe("۱۲ ثانیه دیگر");
  });

  it("rounds up to whole seconds, so it never says zero seconds before the run is due", () => {
    expect(countdownText(1)).toBe("۱ ثانیه دیگر");
    expect(countdownText(59_001)).toBe("۱ دقیقه دیگر");
    expect(countdownText(58_999)).toBe("۵۹ ثانیه دیگر");
  });

  it("says the run is due once the time has come, or passed", () => {
    expect(countdownText(0)).toBe(c.due);
    expect(countdownText(-5_000)).toBe(c.due);
  });
});

describe("msUntil", () => {
  it("measures from now to the run", () => {
    expect(msUntil("2025-03-21T08:00:10Z", Date.parse("2025-03-21T08:00:00Z"))).toBe(10_000);
    expect(msUntil("2025-03-21T08:00:00Z", Date.parse("2025-03-21T08:00:03Z"))).toBe(-3_000);
  });

  it("answers null for a time it cannot read", () => {
    expect(msUntil("soon", 0)).toBeNull();
  });
});
