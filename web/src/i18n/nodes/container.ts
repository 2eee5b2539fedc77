// The container node's settings panel and card.
export const container = {} as const;
