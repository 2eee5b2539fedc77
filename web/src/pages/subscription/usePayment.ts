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

const LOADING: LoadedPayment = { state: "loading" };
const MISSING: LoadedPayment = { state: "missing" };

/** The payment with `paymentId` (null: none named), with ways to show a fresher copy and to read it again. */
export function usePayment(paymentId: number | null): {
  loaded: LoadedPayment;
  show: (payment: PaymentView) => void;
  reload: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  // Each answer is kept with the request it answers: until the current
  // request's answer arrives the payment is loading, and a late answer to an
  // earlier one is never shown.
  const request = `${paymentId}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; loaded: LoadedPayment } | null>(null);
  const loaded: LoadedPayment =
    paymentId === null ? MISSING : answer?.request === request ? answer.loaded : LOADING;

  useEffect(() => {
    if (paymentId === null) return;
    const abort = new AbortController();
    getPayment(paymentId, abort.signal)
      .then((payment) => setAnswer({ request, loaded: { state: "loaded", payment } }))
      .catch((failure: unknown) => {
        if (abort.signal.aborted) return;
        if (failure instanceof ApiError && failure.status === 404) setAnswer({ request, loaded: MISSING });
        else setAnswer({ request, loaded: { state: "error", text: errorText(failure) } });
      });
    return () => abort.abort();
  }, [paymentId, request]);

  return {
    loaded,
    show: (payment) => setAnswer({ request, loaded: { state: "loaded", payment } }),
    reload: () => setAttempt((n) => n + 1),
  };
}
