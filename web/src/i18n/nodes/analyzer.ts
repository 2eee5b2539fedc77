// The analyzer node's settings panel and card.
export const analyzer = {} as const;
