// The sms node's settings panel and card.
export const sms = {} as const;
