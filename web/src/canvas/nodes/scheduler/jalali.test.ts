// What Intl answers under Node; the e2e specs see the same in Chromium.
import { describe, expect, it } from "vitest";
import { jalaliDateTime, zoneText } from "./jalali";

describe("jalaliDateTime", () => {
  it("writes Nowruz in Tehran time with seconds, in Persian digits", () => {
    expect(jalaliDateTime("2025-03-21T08:00:05Z", "Asia/Tehran")).toBe("۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۰:۰۵");
  });

  it("puts the weekday first when asked", () => {
    expect(jalaliDateTime("2025-03-21T08:00:05Z", "Asia/Tehran", { weekday: true })).toBe(
      "جمعه ۱ فروردین ۱۴۰۴، ساعت ۱۱:۳۰:۰۵",
    );
  });

  it("takes the day and hour in the node's zone", () => {
    // 22:00 UTC on 20 March is already 21 March in Tehran, and 18:00 in New York.
    expect(jalaliDateTime("2025-03-20T22:00:00Z", "Asia/Tehran")).toBe("۱ فروردین ۱۴۰۴، ساعت ۰۱:۳۰:۰۰");
    expect(jalaliDateTime("2025-03-20T22:00:00Z", "UTC")).toBe("۳۰ اسفند ۱۴۰۳، ساعت ۲۲:۰۰:۰۰");
    expect(jalaliDateTime("2025-03-20T22:00:00Z", "America/New_York")).toBe("۳۰ اسفند ۱۴۰۳، ساعت ۱۸:۰۰:۰۰");
  });

  it("writes midnight as 00, not 24", () => {
    expect(jalaliDateTime("2025-03-20T20:30:00Z", "Asia/Tehran")).toBe("۱ فروردین ۱۴۰۴، ساعت ۰۰:۰۰:۰۰");
  });

  it("answers an empty string for a time or zone it cannot read", () => {
    expect(jalaliDateTime("soon", "Asia/Tehran")).toBe("");
    expect(jalaliDateTime("2025-03-21T08:00:00Z", "Mars/Olympus")).toBe("");
  });
});

describe("zoneText", () => {
  it("names an offered zone by its Persian label, and any other by its IANA name", () => {
    expect(zoneText("Asia/Tehran")).toBe("به وقت تهران");
    expect(zoneText("Asia/Tokyo")).toBe("به وقت Asia/Tokyo");
  });
});
