// The filedb node's settings: its files (upload, download, delete).
import { fa } from "../../../i18n/fa";
import type { PanelProps } from "../../panels/types";
import { FilesEditor } from "./FilesEditor";

export function FileDbPanel({ form }: PanelProps<"filedb">) {
  return <FilesEditor form={form} words={fa.nodes.filedb.files} hint={fa.nodes.filedb.hint} />;
}
