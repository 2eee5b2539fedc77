// The Persian text for a failed node operation: the catalogue's message for
// the operation, with the server's own explanation when it gave one.
import { message, type MessageCode, type NodeKind } from "@dastyar/rules";
import { ApiError } from "../../api/client";
import { kindInfoOf } from "../../canvas/kinds";

export function failureText(code: MessageCode, kind: NodeKind | null, error: unknown): string {
  const head = message(code, kind ? { type: kindInfoOf(kind).label } : {});
  // A refusal the server explained (bad input, a conflict) says why; network
  // and server faults add nothing a person can act on beyond the headline.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404) {
    return `${head} ${error.message}`;
  }
  if (error instanceof ApiError && error.status === 0) return `${head} ${error.message}`;
  return head;
}
