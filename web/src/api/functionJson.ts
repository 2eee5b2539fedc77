// A function's definition drafted by the model from what the person asks for.
import type { GenerateFunctionJsonResponse } from "./types";
import { request } from "./client";

export type FunctionDraft = GenerateFunctionJsonResponse["generated_json"];

/** The definition so far, whatever shape its parameters are in. */
export type FunctionSoFar = { name: string; description: string; parameters: unknown };

export async function generateFunctionJson(userMessage: string, current: FunctionSoFar): Promise<FunctionDraft> {
  const answer = await request<GenerateFunctionJsonResponse>("/playground/generate-function-json", {
    method: "POST",
    body: { user_message: userMessage, current_json: current },
  });
  return answer.generated_json;
}
