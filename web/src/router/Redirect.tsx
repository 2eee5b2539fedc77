import { useEffect } from "react";
import { navigate } from "./history";

/** Replaces the current location with `to` as soon as it renders. */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
