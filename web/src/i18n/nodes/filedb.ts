// The filedb node's settings panel and card.
export const filedb = {} as const;
