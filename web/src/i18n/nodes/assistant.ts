// The assistant node's settings panel and card.
export const assistant = {} as const;
