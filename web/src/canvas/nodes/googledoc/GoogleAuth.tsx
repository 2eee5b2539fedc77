// Where a Google document or sheet stands with Google. Authorization itself
// arrives with the Google integration; until then this only says so.
import type { GoogleAuthStatus } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";
import { Facts } from "../../panels/fields/Facts";

const words = fa.nodes.googledoc;

export function GoogleAuth({ status }: { status: GoogleAuthStatus }) {
  return (
    <Facts
      facts={[
        {
          field: "auth_status",
          term: words.authStatus,
          value: status === "authorized" ? words.authorized : words.pending,
          note: status === "authorized" ? undefined : words.pendingNote,
        },
      ]}
    />
  );
}
