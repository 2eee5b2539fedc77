// A message analyzer's reports: what its panel shows (what it reads, where
// reports go, its schedule, its latest reports), a report on demand, sending
// a report that did not go again, and the daily schedule. `id` is always the
// analyzer node's database id.
import type { AnalyzerOverview, AnalyzerReport, AnalyzerSchedule, AnalyzerScheduleRequest } from "./types";
import { request } from "./client";

/** The schedule, how many chat frames and bots it reads, its bot, and its latest reports (newest first). */
export function analyzerOverview(id: number, signal?: AbortSignal): Promise<AnalyzerOverview> {
  return request(`/analyzers/${id}/reports`, { signal });
}

/**
 * A report now on what was said since the last one, sent to the bot's owner
 * when it can be (its `delivery` says). Fails with 409 analyzer_nothing_new
 * or analyzer_no_container, 402 insufficient_credits, 424 when the model fails.
 */
export function reportNow(id: number): Promise<AnalyzerReport> {
  return request(`/analyzers/${id}/reports`, { method: "POST" });
}

/** Sends report `reportId` again (one that was not sent); answers how it went. */
export function sendReportAgain(id: number, reportId: number): Promise<AnalyzerReport> {
  return request(`/analyzers/${id}/reports/${reportId}/send`, { method: "POST" });
}

/** A report every day at `hour` (0–23, Tehran time), or only on demand; answers the schedule with its next report. */
export function setAnalyzerSchedule(id: number, schedule: AnalyzerScheduleRequest): Promise<AnalyzerSchedule> {
  const body: AnalyzerScheduleRequest = { daily: schedule.daily, hour: schedule.hour };
  return request(`/analyzers/${id}/schedule`, { method: "PUT", body });
}
