// Every fit of the view to the graph: never closer than 1 (a few cards would
// otherwise fill the screen, larger than they are drawn anywhere else).
export const FIT_VIEW = { maxZoom: 1, padding: 0.1 } as const;
