// The container's settings panel (its name is the node's label).
import type { SubsystemKind } from "@dastyar/rules";

const subsystemKinds: Record<SubsystemKind, string> = {
  frame: "پنجرهٔ گفتگو",
  telegram: "ربات تلگرام",
};

export const container = {
  width: "پهنا (پیکسل)",
  height: "بلندی (پیکسل)",
  positive: "اندازه باید عددی بزرگ‌تر از صفر باشد.",
  subsystems: "بخش‌های فعال ظرف",
  noSubsystems: "هنوز پنجرهٔ گفتگو یا ربات فعالی در این ظرف نیست.",
  subsystemKinds,
  status: "وضعیت",
  /** What a subsystem reports as its state; anything else is shown as sent. */
  statuses: { active: "فعال", error: "خطا", inactive: "غیرفعال" } as Record<string, string>,
  assistantId: "شناسهٔ دستیار",
  notSaved: "پس از ساخته شدن ظرف در دسترس است.",
  close: "بستن",
} as const;
