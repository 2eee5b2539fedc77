// The iframe node's settings panel and card.
export const iframe = {} as const;
