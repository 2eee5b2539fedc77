// The instruction node's settings panel and card.
export const instruction = {} as const;
