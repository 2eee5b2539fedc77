// The canvas's state and what can be done to it.
export * from "./atoms";
export { addNodeAtom, DEFAULT_POSITION } from "./addNode";
export { connectAtom, checkProposalAtom } from "./connect";
export { groupNodesAtom } from "./containers";
export { deleteEdgeAtom, edgeWarningAtom } from "./deleteEdge";
export { deleteNodeAtom } from "./deleteNode";
export { requestDeleteNodesAtom, skipDeleteConfirmationAtom } from "./deleteRequest";
export { loadCanvasAtom, closeCanvasAtom } from "./load";
export { finishDragAtom, takeOutOfContainerAtom, type Placement } from "./move";
export { retryNodeAtom } from "./retry";
export { saveNodeAtom, savesInFlightAtom, type SaveResult } from "./save";
export { nextRedoAtom, nextUndoAtom } from "./history";
export { redoAtom, undoAtom } from "./undo";
