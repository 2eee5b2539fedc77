// The request node's settings panel and card.
export const request = {} as const;
