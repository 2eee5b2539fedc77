// The telegram node's settings panel and card.
export const telegram = {} as const;
