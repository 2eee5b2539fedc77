// The owner's preview of a frame from the canvas: a preview session from the
// server, and the address of the frame's chat page carrying it. The preview
// visitor is kept in this browser per node, so the owner's preview
// conversation goes on the next time.
import type { WidgetSession } from "../../../api/types";
import { previewFrame } from "../../../api/frames";
import { ApiError } from "../../../api/client";

const PREFIX = "dastyar.framePreview.";

/** The preview visitor this browser was given for node `nodeId` (a database id), if any. */
export function storedVisitor(nodeId: number): string | undefined {
  try {
    return window.localStorage.getItem(PREFIX + nodeId) ?? undefined;
  } catch {
    return undefined;
  }
}

function keepVisitor(nodeId: number, visitor: string): void {
  try {
    window.localStorage.setItem(PREFIX + nodeId, visitor);
  } catch {
    // Storage unavailable: the next preview starts a new conversation.
  }
}

function forgetVisitor(nodeId: number): void {
  try {
    window.localStorage.removeItem(PREFIX + nodeId);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** The frame's chat page with the session in its fragment (never sent to a server). */
export function previewUrl(origin: string, publicKey: string, session: Pick<WidgetSession, "token" | "visitor">): string {
  const fragment = new URLSearchParams({ token: session.token, visitor: session.visitor });
  return `${origin}/embed/${encodeURIComponent(publicKey)}#${fragment.toString()}`;
}

/**
 * Asks for a preview session on node `nodeId`'s frame, as the visitor kept
 * for it when there is one (a kept visitor the server no longer takes is
 * forgotten and a new one asked for), keeps the visitor it answers, and
 * answers the address of the chat page to open. Fails with the server's ApiError.
 */
export async function startPreview(nodeId: number, publicKey: string, origin = window.location.origin): Promise<string> {
  const kept = storedVisitor(nodeId);
  let session: WidgetSession;
  try {
    session = await previewFrame(nodeId, kept);
  } catch (error) {
    if (!(kept && error instanceof ApiError && error.code === "visitor_invalid")) throw error;
    forgetVisitor(nodeId);
    session = await previewFrame(nodeId);
  }
  keepVisitor(nodeId, session.visitor);
  return previewUrl(origin, publicKey, session);
}
