// The filerepository node's settings: its files (upload, download, delete).
import { fa } from "../../../i18n/fa";
import type { PanelProps } from "../../panels/types";
import { FilesEditor } from "../filedb/FilesEditor";

export function FileRepositoryPanel({ form }: PanelProps<"filerepository">) {
  return <FilesEditor form={form} words={fa.nodes.filerepository.files} hint={fa.nodes.filerepository.hint} />;
}
