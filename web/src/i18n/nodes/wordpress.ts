// The wordpress node's settings panel and card.
export const wordpress = {} as const;
