// The language models the server's provider serves, for the model fields.
import type { ModelsResponse } from "./types";
import { request } from "./client";

export function listModels(): Promise<ModelsResponse> {
  return request("/playground/models");
}
