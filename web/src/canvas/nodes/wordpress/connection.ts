// What the WordPress panel shows of a connection test, worked out apart from
// React so it can be tested: the user signed in as facts, the warning when
// that user may not post as the node asks, and what WordPress itself said.
import type { WordpressData } from "@dastyar/rules";
import type { WordpressTestResult } from "../../../api/types";
import { fa } from "../../../i18n/fa";
import type { Fact } from "../../panels/fields/Facts";

const t = fa.nodes.wordpress.site;

/** A WordPress role in Persian words; a plugin's own role as it is named. */
export function roleText(role: string): string {
  return (t.roles as Record<string, string>)[role] ?? role;
}

/** A successful test as facts: who signed in, as what, and how the API was reached. */
export function resultFacts(result: WordpressTestResult): Fact[] {
  const user = result.details.user;
  if (result.status !== "success" || !user) return [];
  const facts: Fact[] = [
    { field: "user", term: t.user, value: user.name, note: user.username ? `@${user.username}` : undefined },
  ];
  if (user.roles.length > 0) facts.push({ field: "roles", term: t.role, value: t.roleList(user.roles.map(roleText)) });
  if (result.details.api_root) {
    facts.push({ field: "api_root", term: t.apiRoot, value: t.apiRoots[result.details.api_root] });
  }
  return facts;
}

/** Whether the node's posts go out published (not as drafts for the site's editors). */
function publishes(node: Pick<WordpressData, "autoPublish" | "postStatus">): boolean {
  return node.autoPublish || node.postStatus === "publish" || node.postStatus === "future" || node.postStatus === "private";
}

/** The warning when the user signed in cannot write posts, or cannot publish what the node publishes. */
export function rightsWarning(result: WordpressTestResult, node: Pick<WordpressData, "autoPublish" | "postStatus">): string | null {
  const user = result.details.user;
  if (result.status !== "success" || !user) return null;
  if (!user.can_write) return t.cannotWrite;
  if (!user.can_publish && publishes(node)) return t.cannotPublish;
  return null;
}

/** What WordPress answered a failed test, as one line (its code and words), or null. */
export function wordpressSaid(result: WordpressTestResult): string | null {
  const reply = result.details.wordpress;
  if (result.status !== "error" || !reply) return null;
  const words = reply.message.trim();
  return words ? `${reply.status} ${reply.code}: ${words}` : `${reply.status} ${reply.code}`;
}
