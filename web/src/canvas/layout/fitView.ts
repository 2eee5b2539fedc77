// Every fit of the view to the graph: never closer than 1 (a few cards would
// otherwise fill the screen, larger than they are drawn anywhere else), and
// counting the nodes React Flow holds hidden while the low-detail layer
// draws them (canvas/lowDetail).
export const FIT_VIEW = { maxZoom: 1, padding: 0.1, includeHiddenNodes: true } as const;
