// The instruction node's settings panel and card.
export const instruction = {
  content: "متن دستورالعمل",
  contentHint: "این متن به دستیار متصل داده می‌شود.",
  card: {
    empty: "بدون متن",
  },
} as const;
