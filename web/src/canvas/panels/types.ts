import type { NodeKind } from "@dastyar/rules";
import type { PanelForm } from "./usePanelForm";

/** What a kind's settings panel gets: its form (draft, update, problems). */
export type PanelProps<K extends NodeKind> = { form: PanelForm<K> };
