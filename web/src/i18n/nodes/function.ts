// The function node's settings panel and card.
export const functionNode = {} as const;
