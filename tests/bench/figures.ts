// The canvas benchmark's figures: small statistics, formatting, and the table
// that prints each figure beside its goal and the bare React Flow page's.

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

export function median(values: readonly number[]): number {
  return quantile([...values].sort((a, b) => a - b), 0.5);
}

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
export const ms = (value: number, digits = 0) => `${fmt(value, digits)} ms`;
export const mib = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MiB`;

/** figure, goal, Dastyar, bare page, ratio, met, notes */
type Line = [string, string, string, string, string, string, string];

/** A figure measured on both pages. */
export type Compared = {
  figure: string;
  /** How the goal reads in the table; empty when there is none. */
  goal?: string;
  /** Whether the goal is met, given Dastyar's and the bare page's values. */
  meets?: (dastyar: number, bare: number) => boolean;
  dastyar: number;
  bare: number;
  /** How a value reads: "fps", "ms", "MiB" (bytes in) or "" (a count). */
  unit: "fps" | "ms" | "MiB" | "";
  digits?: number;
  /** false: the two values measure different things (a server against a static file), so no ratio. */
  ratio?: false;
  notes?: string;
};

export class Table {
  private readonly lines: Line[] = [];
  printed = false;
  constructor(public title: string) {}

  /** A figure of Dastyar's alone. */
  add(figure: string, value: string, notes = "", goal = "", met = ""): void {
    this.lines.push([figure, goal, value, "", "", met, notes]);
  }

  compare(c: Compared): void {
    const show = (value: number) =>
      !Number.isFinite(value)
        ? "n/a"
        : c.unit === "MiB"
          ? mib(value)
          : `${fmt(value, c.digits ?? (c.unit === "fps" ? 1 : 0))} ${c.unit}`.trimEnd();
    const ratio = c.ratio === false ? NaN : c.dastyar / c.bare;
    const met = c.meets && Number.isFinite(c.dastyar) ? (c.meets(c.dastyar, c.bare) ? "yes" : "NO") : "";
    const shownRatio = c.ratio === false ? "" : fmt(ratio, 2);
    this.lines.push([c.figure, c.goal ?? "", show(c.dastyar), show(c.bare), shownRatio, met, c.notes ?? ""]);
  }

  print(): void {
    this.printed = true;
    const header: Line = ["figure", "goal", "Dastyar", "bare page", "ratio", "met", "notes"];
    const all = [header, ...this.lines];
    const widths = header.map((_, i) => Math.max(...all.map((line) => line[i]!.length)));
    const right = new Set([2, 3, 4]);
    const row = (line: Line) =>
      line
        .map((cell, i) => (i === line.length - 1 ? cell : right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join("  ")
        .trimEnd();
    console.log("");
    console.log(this.title);
    console.log(row(header));
    console.log(row(header.map((_, i) => "-".repeat(i === header.length - 1 ? 5 : widths[i]!)) as Line));
    for (const line of this.lines) console.log(row(line));
  }
}
