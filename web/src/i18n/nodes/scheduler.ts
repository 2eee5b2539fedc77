// The scheduler node's settings panel and card.
export const scheduler = {} as const;
