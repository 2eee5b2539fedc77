// Hands a JSON value to the browser as a file to save.

/** The file name a project exports under (the server's Content-Disposition says the same). */
export function transferFileName(projectName: string): string {
  return `${projectName.replace(/[/\\]/g, "-")}.dastyar.json`;
}

/** Saves `value` as pretty JSON under `name` through a temporary link. */
export function saveJson(value: unknown, name: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
