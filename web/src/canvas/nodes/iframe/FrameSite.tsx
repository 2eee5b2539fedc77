// The frame on the site as the server holds it (the canvas node, not the
// panel's draft): whether it is live, registering it, its embed code, the
// owner's preview and the ids the server gave it.
import type { IframeData } from "@dastyar/rules";
import { formatDigits } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import { databaseId } from "../../model";
import { Facts, type Fact } from "../../panels/fields/Facts";
import type { PanelProps } from "../../panels/types";
import { FrameEmbed } from "./FrameEmbed";
import { FramePreview } from "./FramePreview";
import { FrameRegister } from "./FrameRegister";
import { FrameState } from "./FrameState";
import styles from "./IframePanel.module.css";
import { useSavedFrame } from "./useSavedFrame";

const t = fa.nodes.iframe;

export function FrameSite({ form }: PanelProps<"iframe">) {
  const saved = useSavedFrame(form.nodeId) ?? form.draft;
  const dbId = databaseId(form.nodeId);
  return (
    <section className={styles.section} aria-label={t.site.title} data-testid="frame-site">
      <h3 className={styles.title}>{t.site.title}</h3>
      <FrameState saved={saved} />
      <FrameRegister form={form} saved={saved} />
      {saved.script && <FrameEmbed script={saved.script} />}
      {dbId !== null && <FramePreview nodeId={dbId} publicKey={saved.apiKey} dirty={form.dirty} />}
      {saved.apiKey && <Facts facts={ids(saved)} />}
    </section>
  );
}

/** The ids the server gave the frame. */
function ids(saved: IframeData): Fact[] {
  const facts: Fact[] = [];
  if (saved.apiKey) facts.push({ field: "apiKey", term: t.apiKey, value: saved.apiKey, ltr: true });
  if (saved.frameId != null) facts.push({ field: "frameId", term: t.frameId, value: formatDigits(saved.frameId) });
  if (saved.companyId != null) facts.push({ field: "companyId", term: t.companyId, value: formatDigits(saved.companyId) });
  if (saved.assistantId != null) {
    facts.push({ field: "assistantId", term: t.assistantId, value: formatDigits(saved.assistantId) });
  }
  return facts;
}
