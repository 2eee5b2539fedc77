import { describe, expect, it } from "vitest";
import type { FlowEdge } from "../../model";
import { flowNode } from "../../../state/canvas/testFixtures";
import { sourceFileCount } from "./sources";

const file = (id: number) => ({ id, name: `f${id}.txt` });
const flowEdge = (source: string, target: string): FlowEdge => ({ id: `${source}>${target}`, source, target });

describe("sourceFileCount", () => {
  it("adds up the files of the file nodes connected into the vector store", () => {
    const nodes = [
      flowNode("vectorstore-1"),
      flowNode("vectorstore-2"),
      flowNode("filedb-3", { files: [file(1), file(2)] }),
      flowNode("filerepository-4", { files: [file(3)] }),
      flowNode("googledoc-5"),
      flowNode("filedb-6", { files: [file(4)] }),
    ];
    const edges = [
      flowEdge("filedb-3", "vectorstore-1"),
      flowEdge("filerepository-4", "vectorstore-1"),
      flowEdge("googledoc-5", "vectorstore-1"),
      flowEdge("filedb-6", "vectorstore-2"),
    ];
    expect(sourceFileCount(nodes, edges, "vectorstore-1")).toEqual({ sources: 2, files: 3 });
    expect(sourceFileCount(nodes, edges, "vectorstore-2")).toEqual({ sources: 1, files: 1 });
  });

  it("is zero with nothing connected", () => {
    expect(sourceFileCount([flowNode("vectorstore-1")], [], "vectorstore-1")).toEqual({ sources: 0, files: 0 });
  });
});
