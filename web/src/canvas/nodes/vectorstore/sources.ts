// What the canvas knows about the files reaching a vector store: the file
// nodes connected into it and how many files they hold.
import type { FlowEdge, FlowNode } from "../../model";

export type SourceCount = { sources: number; files: number };

/** The file databases and repositories connected into `id`, and their files together. */
export function sourceFileCount(nodes: readonly FlowNode[], edges: readonly FlowEdge[], id: string): SourceCount {
  let sources = 0;
  let files = 0;
  for (const edge of edges) {
    if (edge.target !== id) continue;
    const source = nodes.find((n) => n.id === edge.source);
    if (source && (source.type === "filedb" || source.type === "filerepository") && "files" in source.data) {
      sources += 1;
      files += source.data.files.length;
    }
  }
  return { sources, files };
}

/** Whether two counts are the same (so a card re-renders only when one changes). */
export function sameCount(a: SourceCount, b: SourceCount): boolean {
  return a.sources === b.sources && a.files === b.files;
}
