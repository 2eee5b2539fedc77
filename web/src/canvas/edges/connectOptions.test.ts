import { constants } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import { kindsToOffer, placeAtDrop, proposalFor } from "./connectOptions";

const { nodeWidth, nodeHeight } = constants();

describe("a connection dropped on empty canvas", () => {
  it("offers what the card dragged from may connect to, from its output", () => {
    expect(kindsToOffer("assistant", "source")).toEqual(
      expect.arrayContaining(["instruction", "function", "telegram", "iframe", "sms", "wordpress"]),
    );
    expect(kindsToOffer("assistant", "source")).not.toContain("vectorstore");
    expect(kindsToOffer("scheduler", "source")).toEqual(["request"]);
  });

  it("offers what may connect into it, from its input", () => {
    expect(kindsToOffer("vectorstore", "target")).toEqual(["filedb", "filerepository", "googledoc", "googlesheet"]);
    expect(kindsToOffer("assistant", "target")).toEqual(expect.arrayContaining(["vectorstore", "trigger", "function"]));
    expect(kindsToOffer("assistant", "target")).not.toContain("instruction");
    expect(kindsToOffer("trigger", "target")).toEqual([]);
  });

  it("puts a new target left of the drop and a new source right of it, centred on it", () => {
    expect(placeAtDrop({ x: 500, y: 300 }, "source")).toEqual({ x: 500 - nodeWidth, y: 300 - nodeHeight / 2 });
    expect(placeAtDrop({ x: 500, y: 300 }, "target")).toEqual({ x: 500, y: 300 - nodeHeight / 2 });
  });

  it("joins them in the rules' direction", () => {
    expect(proposalFor("assistant-1", "sms-2", "source")).toEqual({ source: "assistant-1", target: "sms-2" });
    expect(proposalFor("vectorstore-1", "filedb-2", "target")).toEqual({ source: "filedb-2", target: "vectorstore-1" });
  });
});
