// The page's cut of the canvas is enough for the rules: on many random
// canvases and proposals, the check on neighbourhoodOf (with the WordPress
// address's validity told) answers exactly as the check on the whole graph,
// refusals that look past the two ends included.
import { checkConnectionAround, type NodeKind } from "@dastyar/rules";
import { checkConnection } from "@dastyar/rules/urls";
import { beforeAll, describe, expect, it } from "vitest";
import { graphOf, kindOfId, type FlowEdge, type FlowNode } from "../../canvas/model";
import { neighbourhoodOf } from "./neighbourhood";
import { siteUrlValidity } from "./siteUrls";
import { flowNode } from "./testFixtures";
import { loadUrlRules } from "../../canvas/urlRules";

/** A seeded generator (mulberry32), so a failure comes back on every run. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { below, chance: (percent: number) => next() * 100 < percent, pick: <T>(list: readonly T[]) => list[below(list.length)]! };
}
type Random = ReturnType<typeof random>;

/** The kinds whose rules look past the ends, over-represented. */
const KINDS: NodeKind[] = [
  "assistant", "assistant", "analyzer", "container", "container", "telegram", "iframe", "request", "request",
  "apidefinition", "vectorstore", "trigger", "function", "filedb", "wordpress", "sms", "scheduler", "instruction",
];

/** Data meeting the kind's preconditions, or (sometimes) the defaults. */
function data(kind: NodeKind, rng: Random): Record<string, unknown> {
  if (rng.chance(20)) return {};
  switch (kind) {
    case "assistant":
    case "analyzer":
      return { assistant_id: "asst_1" };
    case "function":
      return { functionName: "f", parameters: { type: "object", properties: { city: { type: "string" } } } };
    case "telegram":
      return { bot_token: "1:a", bot_username: "b" };
    case "request":
      return rng.chance(50) ? { apiDefinitionId: 1 + rng.below(3) } : {};
    case "iframe":
      return { companyName: "c", authorizedDomains: ["example.ir"], isActive: true };
    case "wordpress":
      return {
        siteUrl: rng.pick(["https://example.ir/", "ftp://example.ir", "https://دستیار.ir", "http://[::1", " "]),
        authType: "jwt",
        authData: { jwtToken: "t" },
      };
    case "trigger":
      return { messageTemplate: "m", scheduleType: "interval", intervalValue: 5, intervalUnit: "minutes" };
    default:
      return {};
  }
}

function randomCanvas(rng: Random): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const count = 2 + rng.below(12);
  const kinds = Array.from({ length: count }, () => rng.pick(KINDS));
  const ids = kinds.map((kind, i) => (rng.chance(10) ? `${kind}-temp-${1_700_000_000_000 + i}` : `${kind}-${i + 1}`));
  const containers = ids.filter((_, i) => kinds[i] === "container");
  const nodes = ids.map((id, i) => {
    const inside = containers.length > 0 && kinds[i] !== "container" && rng.chance(40);
    return flowNode(id, data(kinds[i]!, rng), inside ? { parentId: rng.pick(containers) } : {});
  });
  // Now and then an edge to a node that is not there.
  const end = () => (rng.chance(3) ? "assistant-404" : rng.pick(ids));
  const edges = Array.from({ length: rng.below(count * 2) }, (_, i): FlowEdge => ({ id: `e${i}`, source: end(), target: end() }));
  return { nodes, edges };
}

// The URL rules, so that WordPress addresses' validity is known as the whole graph's check knows it.
beforeAll(() => loadUrlRules());

describe("the page's neighbourhood of a proposal", () => {
  it("answers as the whole graph does on random canvases", () => {
    const rng = random(17);
    const answers = new Map<string, number>();
    for (let round = 0; round < 600; round++) {
      const { nodes, edges } = randomCanvas(rng);
      for (let asked = 0; asked < 8; asked++) {
        const id = () => (rng.chance(2) ? "sms-404" : rng.pick(nodes).id);
        // Often beside an edge already drawn: from its source to a node of its target's kind.
        const beside = edges.length > 0 && rng.chance(40) ? rng.pick(edges) : null;
        const like = beside && nodes.filter((n) => n.type === kindOfId(beside.target));
        const proposal = like?.length ? { source: beside!.source, target: rng.pick(like).id } : { source: id(), target: id() };
        const whole = checkConnection(graphOf(nodes, edges), proposal);
        const around = neighbourhoodOf(nodes, edges, proposal);
        const target = nodes.find((n) => n.id === proposal.target);
        const part = checkConnectionAround(around, proposal, siteUrlValidity(target));
        expect(part, JSON.stringify({ proposal, nodes, edges })).toEqual(whole);
        const key = whole.ok ? `allowed ${whole.edgeKind}` : whole.code;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
    }
    // The refusals that read past the two ends all came up.
    for (const code of [
      "connection_exists",
      "one_vector_store_per_assistant",
      "request_has_api_definition",
      "request_needs_api_definition",
      "analyzer_container_without_channel",
      "analyzer_needs_container_first",
      "trigger_already_connected",
      "wordpress_incomplete",
      "allowed analyzer",
      "allowed telegram",
      "allowed wordpress",
    ]) {
      expect(answers.get(code) ?? 0, `${code} in ${JSON.stringify([...answers])}`).toBeGreaterThan(0);
    }
  }, 60_000); // thousands of checks through the wasm, on a busy machine too
});
