// A report's text: its Markdown (web/shared/markdown.ts) drawn as React
// elements, so whatever the model wrote is shown as text, never run as HTML.
// Links are not followed from here: a report quotes what strangers wrote, so
// a link shows its text and address as plain text. Each block takes its
// direction from its own first letter: a report on an English conversation
// may quote it.
import { Fragment, useMemo } from "react";
import { parseMarkdown, type Inline, type Line } from "../../../../shared/markdown";

function Run({ run }: { run: Inline }) {
  switch (run.kind) {
    case "text":
      return run.text;
    case "code":
      return <code>{run.text}</code>;
    case "strong":
      return (
        <strong>
          <Runs line={run.content} />
        </strong>
      );
    case "link":
      return run.bare ? run.text : `${run.text} (${run.href})`;
  }
}

function Runs({ line }: { line: Line }) {
  return line.map((run, i) => <Run key={i} run={run} />);
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
  const blocks = useMemo(() => parseMarkdown(text), [text]);
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
            {block.text}
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
