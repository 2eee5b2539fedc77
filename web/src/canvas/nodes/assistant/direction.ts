// Which way a free text reads. The shared TextArea takes only `ltr`, so this
// plays dir="auto": the first letter with a direction decides.

/** Whether `text` starts (its first letter, digits and marks aside) with a Latin letter. */
export function readsLtr(text: string): boolean {
  const first = text.match(/[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/);
  return first !== null && /[A-Za-z\u00C0-\u024F]/.test(first[0]);
}
