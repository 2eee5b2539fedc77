// The googledoc node's settings panel and card.
export const googledoc = {} as const;
