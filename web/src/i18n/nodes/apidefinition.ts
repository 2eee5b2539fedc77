// The apidefinition node's settings panel and card.
export const apidefinition = {} as const;
