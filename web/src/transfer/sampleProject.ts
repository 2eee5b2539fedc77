// The sample project the empty projects page offers: a transfer file shipped
// in the repository (the server's tests import the very same file), taken as
// text so it goes through exactly the path a chosen file does.
import text from "./sample-project.dastyar.json?raw";

export const sampleProjectText: string = text;
