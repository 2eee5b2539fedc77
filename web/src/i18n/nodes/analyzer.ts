// The analyzer node's settings panel and card.
import { assistantShared } from "./assistant";

export const analyzer = {
  ...assistantShared,
  instructions: "دستورالعمل تحلیل",
  instructionsHint: "تحلیل‌گر هر گفتگو را با این دستورالعمل بررسی می‌کند و گزارش را به فارسی می‌نویسد.",
  card: {
    model: (model: string) => `مدل: ${model}`,
  },
} as const;
