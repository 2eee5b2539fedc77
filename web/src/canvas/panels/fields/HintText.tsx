// A hint read in Persian with examples in it: the parts between backticks
// in the catalogue's text (a cron expression, `{{order_id}}`, a JSON path)
// are code, written left to right as typed, never reordered by the Persian
// sentence around them.
export function HintText({ text }: { text: string }) {
  const parts = text.split("`");
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} dir="ltr">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
