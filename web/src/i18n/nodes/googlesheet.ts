// The googlesheet node's settings panel and card.
export const googlesheet = {} as const;
