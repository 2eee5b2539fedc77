import { describe, expect, it } from "vitest";
import type { DocumentView } from "../../../api/types";
import { storeFiles } from "./storeFiles";

const doc = (node_id: number, file_id: number, name: string): DocumentView => ({
  node_id,
  file_id,
  name,
  state: "ready",
  progress: 100,
  sections: 1,
  chunks: 1,
  updated_at: "2025-03-21T08:00:00Z",
});

describe("storeFiles", () => {
  it("joins a listed file with its document, one row per file", () => {
    const groups = storeFiles(
      [{ node_id: 3, node_type: "filedb", source: "filedb-3", files: [{ id: 1, name: "a.txt" }, { id: 2, name: "b.txt" }] }],
      [doc(3, 2, "b.txt"), doc(3, 1, "a.txt")],
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.files.map((f) => [f.name, f.file?.id, f.doc?.file_id])).toEqual([
      ["a.txt", 1, 1],
      ["b.txt", 2, 2],
    ]);
  });

  it("keeps a document no listed file matches, under its own node or one listed", () => {
    const groups = storeFiles(
      [{ node_id: 3, node_type: "filedb", source: "filedb-3", files: [{ id: 1, name: "a.txt" }] }],
      [doc(9, 0, "سند گوگل"), doc(3, 4, "later.txt"), doc(3, 1, "a.txt")],
    );
    expect(groups.map((g) => [g.nodeId, g.source, g.files.map((f) => f.name)])).toEqual([
      [3, "filedb-3", ["a.txt", "later.txt"]],
      [9, null, ["سند گوگل"]],
    ]);
    expect(groups[1]!.files[0]!.file).toBeNull();
  });

  it("lists files without documents, and a source without files", () => {
    const groups = storeFiles(
      [
        { node_id: 3, node_type: "filedb", source: "filedb-3", files: [{ id: 1, name: "a.txt" }] },
        { node_id: 4, node_type: "filerepository", source: "filerepository-4", files: [] },
      ],
      [],
    );
    expect(groups.map((g) => g.files.map((f) => [f.name, f.doc]))).toEqual([[["a.txt", null]], []]);
  });
});
