// Problems only a panel can see (text that is not JSON yet, a size of zero):
// a field reports them here and the panel's save stays disabled until they
// are mended, like the problems the rules find.
import { createContext, useContext, useEffect } from "react";

export type ReportProblem = (key: string, message: string | null) => void;

export const LocalProblemsContext = createContext<ReportProblem | null>(null);

/** Reports `message` (null: no problem) under `key` while the caller is mounted. */
export function useLocalProblem(key: string, message: string | null): void {
  const report = useContext(LocalProblemsContext);
  useEffect(() => {
    if (!report) return;
    report(key, message);
    return () => report(key, null);
  }, [report, key, message]);
}
