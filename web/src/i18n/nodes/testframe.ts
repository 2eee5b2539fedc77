// The testframe node's settings panel and card.
export const testframe = {} as const;
