// The iframe node's settings: company name, the domains allowed to embed it
// (shown as they will be stored) and how its chat window looks, saved with
// the node; then the frame on the site as the server holds it: whether it is
// live, registering it, its embed code, a preview and its ids.
import { useMemo } from "react";
import { fa } from "../../../i18n/fa";
import { ListInput } from "../../panels/fields/ListInput";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelProps } from "../../panels/types";
import { urlRules } from "../../urlRules";
import { FrameLook } from "./FrameLook";
import { FrameSite } from "./FrameSite";

const t = fa.nodes.iframe;

export function IframePanel({ form }: PanelProps<"iframe">) {
  const { draft, update, error } = form;
  // The domains as the rules store them (bare hosts, no repeats); shown only when that differs.
  const stored = useMemo(() => {
    const prepared = urlRules().prepareNodeData({ type: "iframe", data: draft });
    if (prepared.problems.some((p) => p.field === "authorizedDomains") || prepared.data.type !== "iframe") return null;
    const domains = prepared.data.data.authorizedDomains;
    const typed = draft.authorizedDomains.filter((d) => d.trim() !== "");
    return domains.length === typed.length && domains.every((d, i) => d === typed[i]) ? null : domains;
  }, [draft]);

  return (
    <>
      <TextInput
        label={t.companyName}
        name="companyName"
        value={draft.companyName}
        hint={t.companyNameHint}
        error={error("companyName")}
        onChange={(companyName) => update({ companyName })}
      />
      <ListInput
        label={t.authorizedDomains}
        name="authorizedDomains"
        ltr
        value={draft.authorizedDomains}
        hint={stored && stored.length > 0 ? t.normalised(stored) : t.authorizedDomainsHint}
        error={error("authorizedDomains")}
        onChange={(authorizedDomains) => update({ authorizedDomains })}
      />
      <FrameLook form={form} />
      <FrameSite form={form} />
    </>
  );
}
