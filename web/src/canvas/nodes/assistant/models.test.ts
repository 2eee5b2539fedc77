import { describe, expect, it } from "vitest";
import { ASSISTANT_MODELS, modelOptions } from "./models";

const words = { defaultModel: (m: string) => `${m} *`, currentModel: (m: string) => `${m} ?` };

describe("modelOptions", () => {
  it("lists the known models with the default marked", () => {
    const options = modelOptions("gpt-4.1-nano", "gpt-4.1-nano", words);
    expect(options.map((o) => o.value)).toEqual([...ASSISTANT_MODELS]);
    expect(options.find((o) => o.value === "gpt-4.1-nano")?.label).toBe("gpt-4.1-nano *");
    expect(options.find((o) => o.value === "gpt-4o")?.label).toBe("gpt-4o");
  });

  it("keeps a stored model it does not know, first", () => {
    const options = modelOptions("my-finetune-1", "gpt-4o", words);
    expect(options[0]).toEqual({ value: "my-finetune-1", label: "my-finetune-1 ?" });
    expect(options).toHaveLength(ASSISTANT_MODELS.length + 1);
  });

  it("offers the provider's models when it has them", () => {
    const options = modelOptions("llama3.1", "gpt-4.1-nano", words, ["llama3.1", "qwen2.5"]);
    expect(options.map((o) => o.value)).toEqual(["llama3.1", "qwen2.5"]);
  });
});
