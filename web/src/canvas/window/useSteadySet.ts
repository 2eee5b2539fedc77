// A set of ids as the same object while its members stay the same, so what
// is computed from it (the edges' split) is left alone by changes that do not
// touch them: a drag changes positions at every frame, not these sets.
import { useState } from "react";
import { sameMembers } from "./renderedNodes";

export function useSteadySet(computed: ReadonlySet<string>): ReadonlySet<string> {
  const [kept, setKept] = useState(computed);
  const same = kept === computed || sameMembers(kept, computed);
  if (!same) setKept(computed);
  return same ? kept : computed;
}
