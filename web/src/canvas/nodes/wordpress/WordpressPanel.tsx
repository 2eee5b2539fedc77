// The wordpress node's settings: the site and how to sign in to it (with
// what connecting still needs, and a test of the saved connection), the
// post defaults picked from the site's categories, authors and tags once
// they are read (typed ids until then), the post content template, and a
// description.
import {
  wordpressAuthDataFor,
  wordpressAuthFields,
  wordpressAuthProblems,
  type WordpressAuthType,
  type WordpressData,
  type WordpressPostFormat,
  type WordpressPostStatus,
  type WordpressTerm,
} from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo, useState } from "react";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { findNode } from "../../../state/canvas/graph";
import { useWordpressSite } from "../../../state/useWordpressSite";
import { databaseId } from "../../model";
import { urlRules } from "../../urlRules";
import { Checkbox } from "../../panels/fields/Checkbox";
import fieldStyles from "../../panels/fields/fields.module.css";
import { JsonInput } from "../../panels/fields/JsonInput";
import { ListInput } from "../../panels/fields/ListInput";
import { NumberInput } from "../../panels/fields/NumberInput";
import { Select } from "../../panels/fields/Select";
import { TextArea } from "../../panels/fields/TextArea";
import { SecretInput } from "../../panels/fields/SecretInput";
import { TextInput } from "../../panels/fields/TextInput";
import { Completeness } from "../../panels/fields/Completeness";
import type { PanelProps } from "../../panels/types";
import { idOf, idsOf } from "./ids";
import { SiteConnection } from "./SiteConnection";
import { connectionComplete, pickerTerms, sameConnection, termsKept } from "./terms";
import { TermsPicker } from "./TermsPicker";

const t = fa.nodes.wordpress;
const AUTH_TYPES: readonly WordpressAuthType[] = ["application_password", "basic", "jwt"];
const STATUSES: readonly WordpressPostStatus[] = ["draft", "publish", "future", "pending", "private"];
const FORMATS: readonly WordpressPostFormat[] = [
  "standard",
  "aside",
  "chat",
  "gallery",
  "link",
  "image",
  "quote",
  "status",
  "video",
  "audio",
];

type Update = (patch: Partial<WordpressData>) => void;

/** The site's lists with what the node saved, for each picker. */
type Options = { categories: WordpressTerm[]; authors: WordpressTerm[]; tags: WordpressTerm[] };

export function WordpressPanel({ form }: PanelProps<"wordpress">) {
  const { draft, update, error, nodeId } = form;
  const dbId = databaseId(nodeId);
  // The node as saved: the server signs in with that, not with the draft.
  const savedAtom = useMemo(
    () => selectAtom(nodesAtom, (nodes) => findNode(nodes, nodeId)?.data as WordpressData | undefined),
    [nodeId],
  );
  const saved = useAtomValue(savedAtom);
  const blocked =
    dbId === null || !saved
      ? t.site.unsaved
      : !connectionComplete(saved)
        ? t.site.incomplete
        : !sameConnection(draft, saved)
          ? t.site.saveFirst
          : null;
  const site = useWordpressSite(dbId, dbId !== null && !!saved && connectionComplete(saved));
  const options: Options = useMemo(
    () => ({
      categories: pickerTerms(site.lists.categories, draft.wordpressCategories),
      authors: pickerTerms(site.lists.authors, draft.wordpressAuthors),
      tags: pickerTerms(site.lists.tags, draft.wordpressTags),
    }),
    [site.lists, draft.wordpressCategories, draft.wordpressAuthors, draft.wordpressTags],
  );
  // Each pick keeps the names of what is picked with the node.
  const pickCategories = (patch: Pick<WordpressData, "defaultCategory" | "categories">) =>
    update({ ...patch, wordpressCategories: termsKept(options.categories, [patch.defaultCategory, ...patch.categories]) });
  const pickAuthors = (patch: Pick<WordpressData, "defaultAuthor" | "authorId">) =>
    update({ ...patch, wordpressAuthors: termsKept(options.authors, [patch.defaultAuthor, patch.authorId]) });
  const pickTags = (patch: Pick<WordpressData, "defaultTags" | "tags">) =>
    update({ ...patch, wordpressTags: termsKept(options.tags, [...patch.defaultTags, ...patch.tags]) });
  const [showSecrets, setShowSecrets] = useState(false);
  const stored = useMemo(() => {
    if (draft.siteUrl.trim() === "") return null;
    const answer = urlRules().normalizeWordpressUrl(draft.siteUrl);
    return answer.ok && answer.value !== draft.siteUrl ? answer.value : null;
  }, [draft.siteUrl]);
  const missing = useMemo(() => wordpressAuthProblems(draft.authType, draft.authData), [draft.authType, draft.authData]);
  // Which credentials each auth type signs in with is core's rule.
  const fields = useMemo(() => wordpressAuthFields(draft.authType), [draft.authType]);

  return (
    <>
      <TextInput
        label={t.siteUrl}
        name="siteUrl"
        type="url"
        ltr
        value={draft.siteUrl}
        hint={stored ? t.normalised(stored) : t.siteUrlHint}
        error={error("siteUrl")}
        onChange={(siteUrl) => update({ siteUrl })}
      />
      <Select<WordpressAuthType>
        label={t.authType}
        name="authType"
        value={draft.authType}
        options={AUTH_TYPES.map((a) => ({ value: a, label: t.authTypes[a] }))}
        onChange={(authType) => update({ authType, authData: wordpressAuthDataFor(authType, draft.authData) })}
      />
      {fields.map(({ field, secret }) => {
        const props = {
          label: t[field],
          name: `authData.${field}`,
          value: draft.authData[field],
          error: error(`authData.${field}`),
          onChange: (value: string) => update({ authData: { ...draft.authData, [field]: value } }),
        };
        return secret ? <SecretInput key={field} shown={showSecrets} {...props} /> : <TextInput key={field} ltr {...props} />;
      })}
      <Checkbox label={t.showSecret} name="showSecret" checked={showSecrets} onChange={setShowSecrets} />
      <Completeness
        testId="wordpress-auth"
        missing={missing}
        completeText={t.authComplete}
        incompleteText={t.authIncomplete}
        fieldNames={t.fields}
      />
      <SiteConnection site={site} blocked={blocked} draft={draft} />

      <p className={fieldStyles.label}>{t.defaults}</p>
      <Select<WordpressPostStatus>
        label={t.postStatus}
        name="postStatus"
        value={draft.postStatus}
        options={STATUSES.map((s) => ({ value: s, label: t.postStatuses[s] }))}
        onChange={(postStatus) => update({ postStatus })}
      />
      <Select<WordpressPostFormat>
        label={t.postFormat}
        name="postFormat"
        value={draft.postFormat}
        options={FORMATS.map((f) => ({ value: f, label: t.postFormats[f] }))}
        onChange={(postFormat) => update({ postFormat })}
      />
      <IdField
        label={t.defaultCategory}
        name="defaultCategory"
        value={draft.defaultCategory}
        terms={options.categories}
        onChange={(defaultCategory) => pickCategories({ defaultCategory, categories: draft.categories })}
      />
      <IdField
        label={t.defaultAuthor}
        name="defaultAuthor"
        value={draft.defaultAuthor}
        terms={options.authors}
        onChange={(defaultAuthor) => pickAuthors({ defaultAuthor, authorId: draft.authorId })}
      />
      <TermsField
        label={t.defaultTags}
        name="defaultTags"
        value={draft.defaultTags}
        terms={options.tags}
        onChange={(defaultTags) => pickTags({ defaultTags, tags: draft.tags })}
      />
      <Checkbox
        label={t.autoPublish}
        name="autoPublish"
        checked={draft.autoPublish}
        onChange={(autoPublish) => update({ autoPublish })}
      />

      <details>
        <summary className={fieldStyles.label} style={{ cursor: "pointer" }}>
          {t.content}
        </summary>
        <div style={{ display: "flex", flexDirection: "column", gap: "0.8rem", paddingTop: "0.6rem" }}>
          <Content
            draft={draft}
            update={update}
            error={error}
            options={options}
            onCategories={(categories) => pickCategories({ defaultCategory: draft.defaultCategory, categories })}
            onTags={(tags) => pickTags({ defaultTags: draft.defaultTags, tags })}
            onAuthor={(authorId) => pickAuthors({ defaultAuthor: draft.defaultAuthor, authorId })}
          />
        </div>
      </details>

      <TextArea
        label={t.description}
        name="description"
        rows={3}
        value={draft.description}
        error={error("description")}
        onChange={(description) => update({ description })}
      />
      <Checkbox label={t.isActive} name="isActive" checked={draft.isActive} onChange={(isActive) => update({ isActive })} />
    </>
  );
}

type ContentProps = {
  draft: WordpressData;
  update: Update;
  error: (f: string) => string | undefined;
  options: Options;
  onCategories: (ids: number[]) => void;
  onTags: (ids: number[]) => void;
  onAuthor: (id: number | undefined) => void;
};

/** The post the assistant fills in: title, text, terms, image, author, date and custom fields. */
function Content({ draft, update, error, options, onCategories, onTags, onAuthor }: ContentProps) {
  const [fieldsProblem, setFieldsProblem] = useState(false);
  return (
    <>
      <TextInput label={t.postTitle} name="postTitle" value={draft.postTitle} onChange={(postTitle) => update({ postTitle })} />
      <TextArea label={t.postContent} name="postContent" value={draft.postContent} onChange={(postContent) => update({ postContent })} />
      <TextArea
        label={t.postExcerpt}
        name="postExcerpt"
        rows={2}
        value={draft.postExcerpt}
        onChange={(postExcerpt) => update({ postExcerpt })}
      />
      <TextInput label={t.slug} name="slug" ltr value={draft.slug} onChange={(slug) => update({ slug })} />
      <TermsField label={t.categories} name="categories" value={draft.categories} terms={options.categories} onChange={onCategories} />
      <TermsField label={t.tags} name="tags" value={draft.tags} terms={options.tags} onChange={onTags} />
      <TextInput
        label={t.featuredImage}
        name="featuredImage"
        type="url"
        ltr
        value={draft.featuredImage ?? ""}
        error={error("featuredImage")}
        onChange={(featuredImage) => update({ featuredImage: featuredImage.trim() === "" ? undefined : featuredImage })}
      />
      <IdField label={t.authorId} name="authorId" value={draft.authorId} terms={options.authors} onChange={onAuthor} />
      <TextInput
        label={t.publishDate}
        name="publishDate"
        ltr
        value={draft.publishDate ?? ""}
        hint={t.publishDateHint}
        error={error("publishDate")}
        onChange={(publishDate) => update({ publishDate: publishDate.trim() === "" ? undefined : publishDate })}
      />
      <JsonInput
        label={t.customFields}
        name="customFields"
        rows={3}
        value={draft.customFields}
        invalidText={t.invalidJson}
        error={fieldsProblem ? t.customFieldsObject : error("customFields")}
        onChange={(value) => {
          // The rules read a map: an array or a number must not reach them.
          const isMap = value === null || (typeof value === "object" && !Array.isArray(value));
          setFieldsProblem(!isMap);
          if (isMap) update({ customFields: (value ?? {}) as WordpressData["customFields"] });
        }}
      />
    </>
  );
}

type IdProps = {
  label: string;
  name: string;
  value: number | undefined;
  terms: readonly WordpressTerm[];
  onChange: (value: number | undefined) => void;
};

/** One WordPress id: picked from the site's list once it has been read, typed until then. */
function IdField({ label, name, value, terms, onChange }: IdProps) {
  const [invalid, setInvalid] = useState(false);
  if (terms.length > 0) {
    const options = [{ value: "", label: t.none }, ...terms.map((term) => ({ value: String(term.id), label: term.name }))];
    if (value != null && !terms.some((term) => term.id === value)) options.push({ value: String(value), label: String(value) });
    return (
      <Select<string>
        label={label}
        name={name}
        value={value == null ? "" : String(value)}
        options={options}
        onChange={(picked) => onChange(picked === "" ? undefined : Number(picked))}
      />
    );
  }
  return (
    <NumberInput
      label={label}
      name={name}
      step={1}
      value={value}
      hint={`${t.idHint}. ${t.site.notRead}`}
      error={invalid ? t.wholeNumber : undefined}
      onChange={(typed) => {
        const id = idOf(typed);
        setInvalid(id === "invalid");
        if (id !== "invalid") onChange(id);
      }}
    />
  );
}

/** Several WordPress ids: picked from the site's list once it has been read, typed until then. */
function TermsField(props: { label: string; name: string; value: number[]; terms: readonly WordpressTerm[]; onChange: (v: number[]) => void }) {
  const { terms, ...rest } = props;
  if (terms.length > 0) return <TermsPicker {...rest} options={terms} />;
  return <IdsField {...rest} />;
}

/** A list of WordPress ids, comma-separated. */
function IdsField({ label, name, value, onChange }: { label: string; name: string; value: number[]; onChange: (v: number[]) => void }) {
  const [invalid, setInvalid] = useState(false);
  const shown = useMemo(() => value.map(String), [value]);
  return (
    <ListInput
      label={label}
      name={name}
      ltr
      value={shown}
      hint={t.idsHint}
      error={invalid ? t.wholeNumber : undefined}
      onChange={(entries) => {
        const ids = idsOf(entries);
        setInvalid(ids === "invalid");
        if (ids !== "invalid") onChange(ids);
      }}
    />
  );
}
