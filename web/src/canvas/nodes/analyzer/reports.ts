// What the analyzer's panel shows of its reports, worked out apart from
// React so it can be tested: the hours offered, the next report in words,
// what it reads and where reports go, each report's labels, the panel's
// own changes laid over what the server last said, and how a failure reads.
import { ApiError } from "../../../api/client";
import type { AnalyzerOverview, AnalyzerReport, AnalyzerSchedule, ReportDelivery, RequestedBy } from "../../../api/types";
import { formatJalaliDate } from "../../../format/date";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import type { Fact } from "../../panels/fields/Facts";

const t = fa.nodes.analyzer.reports;

/** The server keeps the daily hour in Tehran time, whatever the reader's own zone. */
export const TEHRAN = "Asia/Tehran";

/** The hours of the day, 0 to 23, as the hour select offers them (Persian digits). */
export const HOUR_OPTIONS: readonly { value: string; label: string }[] = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: t.schedule.hourOption(hour),
}));

/** A date and time from the server, on the Jalali calendar in Tehran time. */
export function tehranTime(value: string): string {
  return formatJalaliDate(value, { timeZone: TEHRAN, withTime: true });
}

/**
 * The line under the schedule: when the next report goes out, that daily
 * reports are off, or nothing while the server has not set the next time.
 */
export function nextReportText(schedule: AnalyzerSchedule): string {
  if (!schedule.daily) return t.schedule.off;
  const when = schedule.next_report_at ? tehranTime(schedule.next_report_at) : "";
  return when ? t.schedule.next(when) : "";
}

/**
 * What the analyzer reads and where its reports go, as facts. `botName` is
 * the joined bot's name on the canvas (null when the canvas does not hold it).
 */
export function reachFacts(overview: Pick<AnalyzerOverview, "channels" | "bot_node_id">, botName: string | null): Fact[] {
  const bot =
    overview.bot_node_id == null ? t.reach.noBot : botName?.trim() ? t.reach.bot(botName.trim()) : t.reach.botUnnamed;
  return [
    {
      field: "channels",
      term: t.reach.channelsTerm,
      value: overview.channels > 0 ? t.reach.channels(overview.channels) : t.reach.noChannels,
    },
    { field: "bot", term: t.reach.botTerm, value: bot },
  ];
}

/** Who asked for a report, in words: the record's type makes a new requester a compile error here. */
const REQUESTED_BY_WORDS: Record<RequestedBy, string> = t.list.requestedBy;

/** Who asked for a report: the daily schedule or the person. */
export function requestedByText(requestedBy: RequestedBy): string {
  return REQUESTED_BY_WORDS[requestedBy];
}

/** Every delivery state in words: the record's type makes a new state a compile error here. */
const DELIVERY_WORDS: Record<ReportDelivery, string> = t.list.delivery;

/** Where a report went: its state in words, why it did not go, and whether it can be sent again. */
export function deliveryOf(report: Pick<AnalyzerReport, "delivery" | "delivery_error">): {
  label: string;
  reason: string | null;
  canSendAgain: boolean;
} {
  const failed = report.delivery === "not_sent";
  return {
    label: DELIVERY_WORDS[report.delivery],
    reason: failed ? report.delivery_error?.trim() || null : null,
    canSendAgain: failed,
  };
}

/** What the panel learnt since the server last listed: a schedule it set, reports it made or sent again. */
export type Changes = { schedule: AnalyzerSchedule | null; reports: readonly AnalyzerReport[] };

export const NO_CHANGES: Changes = { schedule: null, reports: [] };

/** `changes` with `report` in it (as it now is). */
export function withReport(changes: Changes, report: AnalyzerReport): Changes {
  return { ...changes, reports: [report, ...changes.reports.filter((r) => r.id !== report.id)] };
}

/**
 * The overview with the panel's changes laid over it: a report it holds
 * replaces the listed one with its id, or comes first when the list does not
 * have it yet (a new report is the newest).
 */
export function withChanges(overview: AnalyzerOverview, changes: Changes): AnalyzerOverview {
  if (changes.schedule === null && changes.reports.length === 0) return overview;
  const held = new Map(changes.reports.map((r) => [r.id, r]));
  const listed = overview.reports.map((r) => held.get(r.id) ?? r);
  const missing = changes.reports
    .filter((r) => !overview.reports.some((l) => l.id === r.id))
    .sort((a, b) => b.id - a.id);
  return { ...overview, schedule: changes.schedule ?? overview.schedule, reports: [...missing, ...listed] };
}

/**
 * How a failed "report now" reads: nothing said since the last report is
 * news, not an alarm; the rest are problems, with whether buying credits helps.
 */
export function reportProblem(error: unknown): { kind: "info" | "alarm"; text: string; buyCredits: boolean } {
  const code: string | null = error instanceof ApiError ? error.code : null;
  return {
    kind: code === "analyzer_nothing_new" ? "info" : "alarm",
    text: errorText(error),
    buyCredits: code === "insufficient_credits",
  };
}
