// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { analyzerOverview, reportNow, sendReportAgain, setAnalyzerSchedule } from "./analyzers";
import { setToken } from "./token";
import { errorBody, failure, json, serve } from "./fakeFetch";


const report = {
  id: 31,
  requested_by: "user",
  conversations: 2,
  messages: 6,
  content: "## خلاصه\n- مشتری قیمت پرسید",
  model: "gpt-4o-mini",
  credits: 3,
  delivery: "not_sent",
  delivery_error: "تحلیلگر به ربات تلگرامی وصل نیست؛ گزارش فقط در پنل آن است.",
  created_at: "2025-03-21T08:00:00Z",
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/1");
  setToken("tok.en.an");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("analyzerOverview", () => {
  it("gets /analyzers/{id}/reports with the token and the caller's signal", async () => {
    const overview = {
      schedule: { daily: true, hour: 9, next_report_at: "2025-03-22T05:30:00Z" },
      channels: 1,
      reports: [report],
    };
    const calls = serve(() => json(200, overview));
    const abort = new AbortController();
    await expect(analyzerOverview(7, abort.signal)).resolves.toEqual(overview);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/analyzers/7/reports");
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.signal).toBe(abort.signal);
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.an");
  });

  it("fails with not_found for an analyzer that is not mine", async () => {
    serve(() => json(404, errorBody("not_found", "پیدا نشد.")));
    expect(await failure(analyzerOverview(7))).toMatchObject({ status: 404, code: "not_found", message: "پیدا نشد." });
  });
});

describe("reportNow", () => {
  it("posts to /analyzers/{id}/reports with no body and answers the new report", async () => {
    const calls = serve(() => json(201, report));
    await expect(reportNow(7)).resolves.toEqual(report);
    expect(calls[0]!.url).toBe("/api/analyzers/7/reports");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it.each([
    [409, "analyzer_nothing_new", "از گزارش قبلی تا کنون گفتگوی تازه‌ای نبوده است."],
    [409, "analyzer_no_container", "این تحلیلگر به ظرفی وصل نیست."],
    [402, "insufficient_credits", "اعتبار حساب شما کافی نیست."],
    [424, "llm_unavailable", "سرویس مدل زبانی در دسترس نیست."],
  ])("fails with %i %s and the server's Persian message", async (status, code, text) => {
    serve(() => json(status, errorBody(code, text)));
    expect(await failure(reportNow(7))).toMatchObject({ status, code, message: text });
  });
});

describe("sendReportAgain", () => {
  it("posts to /analyzers/{id}/reports/{reportId}/send and answers the report as it now is", async () => {
    const sent = { ...report, delivery: "sent", delivery_error: undefined };
    const calls = serve(() => json(200, sent));
    await expect(sendReportAgain(7, 31)).resolves.toEqual(JSON.parse(JSON.stringify(sent)));
    expect(calls[0]!.url).toBe("/api/analyzers/7/reports/31/send");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBeUndefined();
  });
});

describe("setAnalyzerSchedule", () => {
  it("puts daily and hour, nothing else, to /analyzers/{id}/schedule", async () => {
    const schedule = { daily: true, hour: 14, next_report_at: "2025-03-21T10:30:00Z" };
    const calls = serve(() => json(200, schedule));
    const wish = { daily: true, hour: 14, next_report_at: "ignored" };
    await expect(setAnalyzerSchedule(7, wish)).resolves.toEqual(schedule);
    expect(calls[0]!.url).toBe("/api/analyzers/7/schedule");
    expect(calls[0]!.init.method).toBe("PUT");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ daily: true, hour: 14 });
    expect((calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("fails with the field a bad hour names", async () => {
    const text = "ساعت گزارش باید عددی از ۰ تا ۲۳ باشد.";
    serve(() => json(422, errorBody("analyzer_hour_invalid", text, { field: "hour" })));
    const error = await failure(setAnalyzerSchedule(7, { daily: true, hour: 24 }));
    expect(error).toMatchObject({ status: 422, code: "analyzer_hour_invalid", message: text });
    expect(error.field).toBe("hour");
  });
});
