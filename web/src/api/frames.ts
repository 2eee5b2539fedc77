// An iframe node's chat frame on a website: registering it (its company,
// public key and the embed line a site owner pastes) and a preview session
// for its owner, to chat in the frame's own window from the canvas.
import type { FramePreviewRequest, FrameRegisterRequest, FrameView, WidgetSession } from "./types";
import { request } from "./client";

/**
 * Registers the frame of the iframe node stored as `nodeId`, from what the
 * node holds (its company name, domains and look); registered before, it
 * keeps its key and script. Answers the frame with the node as it now is.
 * A 422 names what is missing (frame_company_name_required, frame_domains_required, domain_invalid).
 */
export function registerFrame(nodeId: number): Promise<FrameView> {
  const body: FrameRegisterRequest = { node_id: nodeId };
  return request("/frames/register", { method: "POST", body });
}

/**
 * A preview visitor's session on the registered frame of node `nodeId`; with
 * the `visitor` this browser was given before, its conversation goes on.
 * A 409 frame_not_registered when the frame has no key yet; a 422 visitor_invalid for a visitor not the server's.
 */
export function previewFrame(nodeId: number, visitor?: string): Promise<WidgetSession> {
  const body: FramePreviewRequest = visitor ? { node_id: nodeId, visitor } : { node_id: nodeId };
  return request("/frames/preview", { method: "POST", body });
}
