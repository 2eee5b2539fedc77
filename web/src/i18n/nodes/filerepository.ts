// The filerepository node's settings panel and card.
export const filerepository = {} as const;
