// What the assistant can do, from its connections on the canvas as they are
// now (core's assistantAbilities): the instructions it follows, the tools it
// may call, the knowledge it searches, the channels it answers on, and the
// connected nodes it cannot use, with why. Read only.
import type { NodeKind } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { useMemo, type ReactNode } from "react";
import { fa } from "../../../i18n/fa";
import { assistantAbilitiesAtom } from "../../../state/canvas/assistantAbilities";
import { kindInfoOf } from "../../kinds";
import factStyles from "../../panels/fields/Facts.module.css";
import { APPEARANCE } from "../appearance";
import styles from "./AssistantAbilities.module.css";

const t = fa.nodes.assistant.abilities;

type Item = { key: string; content: ReactNode };

export function AssistantAbilities({ nodeId }: { nodeId: string }) {
  const abilitiesAtom = useMemo(() => assistantAbilitiesAtom(nodeId), [nodeId]);
  const { instructions, tools, knowledge, channels, skipped } = useAtomValue(abilitiesAtom);

  const byKind = (sources: readonly { node: string; kind: NodeKind; name: string }[]): Item[] =>
    sources.map((s) => ({
      key: s.node,
      content: (
        <>
          <Glyph kind={s.kind} /> {kindInfoOf(s.kind).label}: {s.name.trim() || t.unnamed}
        </>
      ),
    }));

  return (
    <section className={factStyles.facts} aria-label={t.title} data-testid="assistant-abilities">
      <h3 className={factStyles.title}>{t.title}</h3>
      <dl className={factStyles.list}>
        <Row
          field="instructions"
          term={t.instructions}
          items={instructions.map((i) => ({ key: i.node, content: i.name.trim() || t.unnamed }))}
        />
        <Row
          field="tools"
          term={t.tools}
          items={tools.map((tool) => ({
            key: tool.name,
            content: (
              <span data-tool-kind={tool.source.kind}>
                <Glyph kind={tool.source.kind === "knowledge" ? "vectorstore" : tool.source.kind} />{" "}
                {t.toolKinds[tool.source.kind]}:{" "}
                <bdi dir="ltr">
                  <code>{tool.name}</code>
                </bdi>
                {tool.description && <span className={styles.detail}>{tool.description}</span>}
              </span>
            ),
          }))}
        />
        <Row field="knowledge" term={t.knowledge} items={byKind(knowledge)} />
        <Row field="channels" term={t.channels} items={byKind(channels)} />
        {skipped.length > 0 && (
          <Row
            field="skipped"
            term={t.skipped}
            items={skipped.map((s) => ({
              key: s.node,
              content: (
                <span data-reason={s.reason}>
                  {s.kind && <Glyph kind={s.kind} />} {s.name.trim() || (s.kind ? kindInfoOf(s.kind).label : s.node)}
                  <span className={styles.detail}>{t.skipReasons[s.reason]}</span>
                </span>
              ),
            }))}
          />
        )}
      </dl>
    </section>
  );
}

/** One kind of ability: its term and its items, or "none". */
function Row({ field, term, items }: { field: string; term: string; items: readonly Item[] }) {
  return (
    <div className={factStyles.row} data-ability={field}>
      <dt className={factStyles.term}>{term}</dt>
      <dd className={factStyles.value}>
        {items.length === 0 ? (
          t.none
        ) : (
          <ul className={styles.items}>
            {items.map((item) => (
              <li key={item.key} data-node={item.key}>
                {item.content}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

/** A kind's glyph in its colour, as its nodes show it on the canvas. */
function Glyph({ kind }: { kind: NodeKind }) {
  const { glyph, accent } = APPEARANCE[kind];
  return (
    <span aria-hidden="true" className={styles.glyph} style={{ color: accent }}>
      {glyph}
    </span>
  );
}
