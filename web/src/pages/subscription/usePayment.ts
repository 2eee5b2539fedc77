// The payment a page is about (`?payment_id=N`), read once it is known: the
// mock gateway's page and the result page both start from it.
import type { PaymentView } from "../../api/types";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { getPayment } from "../../api/subscription";
import { errorText } from "../../state/notifications";

export type LoadedPayment =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "error"; text: string }
  | { state: "loaded"; payment: PaymentView };

/** The payment with `paymentId` (null: none named), with ways to show a fresher copy and to read it again. */
export function usePayment(paymentId: number | null): {
  loaded: LoadedPayment;
  show: (payment: PaymentView) => void;
  reload: () => void;
} {
  const [loaded, setLoaded] = useState<LoadedPayment>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (paymentId === null) {
      setLoaded({ state: "missing" });
      return;
    }
    const abort = new AbortController();
    setLoaded({ state: "loading" });
    getPayment(paymentId, abort.signal)
      .then((payment) => setLoaded({ state: "loaded", payment }))
      .catch((failure: unknown) => {
        if (abort.signal.aborted) return;
        if (failure instanceof ApiError && failure.status === 404) setLoaded({ state: "missing" });
        else setLoaded({ state: "error", text: errorText(failure) });
      });
    return () => abort.abort();
  }, [paymentId, attempt]);

  return {
    loaded,
    show: (payment) => setLoaded({ state: "loaded", payment }),
    reload: () => setAttempt((n) => n + 1),
  };
}
