// Checks what Intl answers under Node; the e2e specs see the same in Chromium.
import { describe, expect, it } from "vitest";
import { formatJalaliDate } from "./date";
import { formatDigits, formatNumber, parseWholeNumber } from "./number";

describe("formatNumber", () => {
  it("writes Persian digits with Persian grouping", () => {
    expect(formatNumber(0)).toBe("۰");
    expect(formatNumber(7)).toBe("۷");
    expect(formatNumber(1234567)).toBe("۱٬۲۳۴٬۵۶۷");
    expect(formatNumber(2.5)).toBe("۲٫۵");
  });

  it("formatDigits leaves grouping out", () => {
    expect(formatDigits(1404)).toBe("۱۴۰۴");
    expect(formatDigits(404)).toBe("۴۰۴");
  });
});

describe("formatJalaliDate", () => {
  const tehran = { timeZone: "Asia/Tehran" };

  it("writes Nowruz as the first of Farvardin", () => {
    expect(formatJalaliDate("2025-03-21T08:00:00Z", tehran)).toBe("۱ فروردین ۱۴۰۴");
  });

  it("takes the day in the given time zone", () => {
    // 22:00 UTC on 20 March is already 21 March (01:30) in Tehran.
    expect(formatJalaliDate("2025-03-20T22:00:00Z", tehran)).toBe("۱ فروردین ۱۴۰۴");
    expect(formatJalaliDate("2025-03-20T22:00:00Z", { timeZone: "UTC" })).toBe("۳۰ اسفند ۱۴۰۳");
  });

  it("knows the other months", () => {
    expect(formatJalaliDate("2024-09-22T12:00:00Z", tehran)).toBe("۱ مهر ۱۴۰۳");
    expect(formatJalaliDate(new Date("2026-01-01T12:00:00Z"), tehran)).toBe("۱۱ دی ۱۴۰۴");
  });

  it("can add the time of day", () => {
    expect(formatJalaliDate("2025-03-21T08:00:00Z", { ...tehran, withTime: true })).toBe(
      "۱ فروردین ۱۴۰۴ ساعت ۱۱:۳۰",
    );
  });

  it("answers an empty string for a timestamp it cannot read", () => {
    expect(formatJalaliDate("not a date")).toBe("");
  });
});

describe("parseWholeNumber", () => {
  it("reads whole numbers in any digits, grouped or not", () => {
    expect(parseWholeNumber("1200")).toBe(1200);
    expect(parseWholeNumber("۱۲۰۰")).toBe(1200);
    expect(parseWholeNumber("۱٬۲۰۰")).toBe(1200);
    expect(parseWholeNumber(" 1,200 ")).toBe(1200);
    expect(parseWholeNumber("١٢٠٠")).toBe(1200);
    expect(parseWholeNumber("0")).toBe(0);
  });

  it("refuses anything that is not a whole number", () => {
    for (const text of ["", "  ", "-5", "+5", "2.5", "۲٫۵", "12a", "e3", "1e3", "99999999999999999999"]) {
      expect(parseWholeNumber(text), text).toBeNull();
    }
  });
});
