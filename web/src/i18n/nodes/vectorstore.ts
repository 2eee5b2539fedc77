// The vectorstore node's settings panel and card.
export const vectorstore = {} as const;
