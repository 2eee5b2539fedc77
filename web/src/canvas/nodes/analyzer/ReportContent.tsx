// A report's text: its Markdown drawn as React elements (see markdown.ts), so
// whatever the model wrote is shown as text, never run as HTML. Each block
// takes its direction from its own first letter: a report on an English
// conversation may quote it.
import { Fragment, useMemo } from "react";
import { markdownBlocks, type Line } from "./markdown";

function Runs({ line }: { line: Line }) {
  return line.map((run, i) =>
    run.code ? <code key={i}>{run.text}</code> : run.strong ? <strong key={i}>{run.text}</strong> : <Fragment key={i}>{run.text}</Fragment>,
  );
}

/** Lines of one block, broken where the report breaks them. */
function Lines({ lines }: { lines: Line[] }) {
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      <Runs line={line} />
    </Fragment>
  ));
}

export function ReportContent({ text }: { text: string }) {
  const blocks = useMemo(() => markdownBlocks(text), [text]);
  return blocks.map((block, i) => {
    switch (block.kind) {
      case "heading":
        return (
          <h4 key={i} dir="auto">
            <Runs line={block.line} />
          </h4>
        );
      case "list": {
        const items = block.items.map((lines, j) => (
          <li key={j}>
            <Lines lines={lines} />
          </li>
        ));
        return block.ordered ? (
          <ol key={i} dir="auto" start={block.start}>
            {items}
          </ol>
        ) : (
          <ul key={i} dir="auto">
            {items}
          </ul>
        );
      }
      case "code":
        return (
          <pre key={i} dir="auto">
            {block.lines.join("\n")}
          </pre>
        );
      case "paragraph":
        return (
          <p key={i} dir="auto">
            <Lines lines={block.lines} />
          </p>
        );
    }
  });
}
