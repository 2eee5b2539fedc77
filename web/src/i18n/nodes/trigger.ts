// The trigger node's settings panel and card.
export const trigger = {} as const;
