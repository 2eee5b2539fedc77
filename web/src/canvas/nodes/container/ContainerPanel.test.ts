import type { Subsystem } from "@dastyar/rules";
import { describe, expect, it } from "vitest";
import type { FlowNode } from "../../model";
import { botEntries, frameEntries, sizeOf } from "./ContainerPanel";

const frame = (company_id?: number, assistant_id?: number): Subsystem => ({
  type: "frame",
  status: "active",
  metadata: { company_id, assistant_id },
});
const bot = (company_id?: number, assistant_id?: number): Subsystem => ({
  type: "telegram",
  status: "active",
  metadata: { company_id, assistant_id },
});

function child(id: string, type: string, data: Record<string, unknown>): FlowNode {
  return { id, type, position: { x: 0, y: 0 }, parentId: "container-1", data } as unknown as FlowNode;
}

describe("frame settings carry the frames' company ids", () => {
  it("lists the active frames the server reports, then iframe children with other companies", () => {
    const children = [
      child("iframe-4", "iframe", { companyName: "a", companyId: 70, assistantId: 3 }),
      child("iframe-5", "iframe", { companyName: "b", companyId: 71 }),
      child("iframe-6", "iframe", { companyName: "c" }),
      child("telegram-7", "telegram", { bot_token: "1:x", company_id: 99 }),
    ];
    expect(frameEntries([frame(70, 3)], children)).toEqual([
      { companyId: 70, assistantId: 3 },
      { companyId: 71, assistantId: undefined },
    ]);
  });

  it("keeps an active frame whose company is not known yet", () => {
    expect(frameEntries([frame(undefined, 2)], [])).toEqual([{ companyId: undefined, assistantId: 2 }]);
    expect(frameEntries([], [])).toEqual([]);
  });
});

describe("bot settings carry the bots' ids", () => {
  it("takes each telegram child's id, with the assistant its subsystem reports", () => {
    const children = [
      child("telegram-7", "telegram", { bot_token: "1:x", company_id: 99 }),
      child("telegram-8", "telegram", { bot_token: "", database_id: 80 }),
      child("iframe-4", "iframe", { companyName: "a", companyId: 99 }),
    ];
    expect(botEntries([bot(99, 12)], children)).toEqual([
      { botId: 7, companyId: 99, assistantId: 12 },
      { botId: 80, companyId: undefined, assistantId: undefined },
    ]);
  });

  it("adds a reported bot whose company matches no child", () => {
    expect(botEntries([bot(55, 1), bot(undefined, 2)], [])).toEqual([{ companyId: 55, assistantId: 1 }]);
  });
});

describe("sizeOf", () => {
  it("accepts positive numbers only", () => {
    expect(sizeOf(420.5)).toBe(420.5);
    expect(sizeOf(0)).toBeNull();
    expect(sizeOf(-5)).toBeNull();
    expect(sizeOf(null)).toBeNull();
  });
});
