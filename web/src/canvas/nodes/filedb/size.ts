// A file's size in the unit a person reads it in.
import type { FILE_SIZE_UNITS } from "../../../i18n/nodes/filedb";

export type SizeUnit = keyof typeof FILE_SIZE_UNITS;

const STEPS: readonly SizeUnit[] = ["B", "KB", "MB", "GB"];

/** `1536` → 1.5 KB: the largest unit that keeps the value at least 1, to one decimal. */
export function fileSize(bytes: number): { value: number; unit: SizeUnit } {
  let value = Math.max(0, bytes);
  let step = 0;
  while (value >= 1024 && step < STEPS.length - 1) {
    value /= 1024;
    step += 1;
  }
  const rounded = step === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  // 1023.96 KB rounds to 1024 KB: say 1 MB instead.
  if (rounded >= 1024 && step < STEPS.length - 1) return { value: 1, unit: STEPS[step + 1]! };
  return { value: rounded, unit: STEPS[step]! };
}
