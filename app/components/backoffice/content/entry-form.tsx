/**
 * The content editor's form, generated from a content type's field schema (issue 21). Every input is named by its
 * path into the entry (`fields.modules.2.banner.title`, see core/content-form.ts), so the form posts like any
 * other and the server decodes it with the same schema. The fields live in React state while the editor works:
 * repeatable groups and modular blocks are added, removed and moved here and post in their new order.
 */
import { useEffect, useId, useState } from 'react';
import { type FieldPath, fieldId, fieldName, problemKey } from '#core/content-form.ts';
import type { BlocksField, ContentField, ReferenceField } from '#core/content-schema.ts';
import { getAt, moveItem, setAt } from './field-state.ts';
import { mediaPreview } from './labels.ts';
import { PickerDialog } from './picker-dialog.tsx';
import { RichTextField } from './rich-text-field.tsx';

export interface AssetPreview {
  title: string;
  image: string | null;
}

interface FormContext {
  problems: Record<string, string>;
  assets: Record<string, AssetPreview>;
  /** "Falls back to English (en-us)" on every field while the locale has no copy of its own. */
  fallback: string | null;
  contentTypeTitle: (uid: string) => string;
}

interface FieldProps {
  field: ContentField;
  path: FieldPath;
  value: unknown;
  onChange: (value: unknown) => void;
  context: FormContext;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The message ids an input is described by: its help text and its problem. */
function describedBy(id: string, description: boolean, problem: boolean): string | undefined {
  return (
    [description ? `${id}-help` : null, problem ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  );
}

function Help({
  id,
  field,
  problem,
  fallback,
}: {
  id: string;
  field: ContentField;
  problem?: string;
  fallback: string | null;
}) {
  return (
    <>
      {field.field_metadata?.description ? (
        <span className="content-field__help" id={`${id}-help`}>
          {field.field_metadata.description}
        </span>
      ) : null}
      {fallback ? <span className="content-field__fallback">{fallback}</span> : null}
      {problem ? (
        <span className="admin-field-error" id={`${id}-error`}>
          {problem}
        </span>
      ) : null}
    </>
  );
}

function Label({ id, field, labelId }: { id: string; field: ContentField; labelId?: string }) {
  return (
    <label htmlFor={id} id={labelId}>
      {field.display_name}
      {field.mandatory ? <span className="content-field__required"> (required)</span> : null}
    </label>
  );
}

function TextInput({ field, path, value, onChange, context }: FieldProps) {
  const id = fieldId(path);
  const problem = context.problems[problemKey(path)];
  const aria = {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(field.field_metadata?.description), Boolean(problem)),
  } as const;
  const text = asText(value);
  const name = fieldName(path);
  if (field.data_type === 'text' && field.field_metadata?.allow_rich_text) {
    return (
      <div className="content-field">
        <Label id={id} field={field} labelId={`${id}-label`} />
        <RichTextField
          id={id}
          name={name}
          labelId={`${id}-label`}
          value={text}
          onChange={onChange}
          invalid={Boolean(problem)}
          describedBy={aria['aria-describedby']}
        />
        <Help id={id} field={field} problem={problem} fallback={context.fallback} />
      </div>
    );
  }
  let input: React.ReactNode;
  if (field.data_type === 'text' && field.enum) {
    input = (
      <select id={id} name={name} value={text} onChange={(event) => onChange(event.target.value)} {...aria}>
        <option value="">{field.mandatory ? 'Choose…' : '(none)'}</option>
        {field.enum.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.value}
          </option>
        ))}
        {text && !field.enum.choices.some((choice) => choice.value === text) ? (
          <option value={text}>{text} (not a choice)</option>
        ) : null}
      </select>
    );
  } else if (field.data_type === 'text' && field.field_metadata?.multiline) {
    input = (
      <textarea
        id={id}
        name={name}
        rows={4}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    );
  } else if (field.data_type === 'number') {
    input = (
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    );
  } else if (field.data_type === 'isodate') {
    input = (
      <input
        id={id}
        name={name}
        type={text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text) ? 'date' : 'text'}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    );
  } else if (field.data_type === 'json') {
    const shown =
      typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value, null, 2);
    input = (
      <textarea
        id={id}
        name={name}
        rows={6}
        className="content-field__code"
        value={shown}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    );
  } else {
    input = (
      <input
        id={id}
        name={name}
        type="text"
        value={text}
        maxLength={field.data_type === 'text' ? field.max_length : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    );
  }
  return (
    <div className="content-field">
      <Label id={id} field={field} />
      {input}
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
    </div>
  );
}

function BooleanInput({ field, path, value, onChange, context }: FieldProps) {
  const id = fieldId(path);
  const problem = context.problems[problemKey(path)];
  return (
    <div className="content-field content-field--check">
      <label htmlFor={id}>
        <input
          id={id}
          name={fieldName(path)}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(id, Boolean(field.field_metadata?.description), Boolean(problem))}
        />{' '}
        {field.display_name}
      </label>
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
    </div>
  );
}

function LinkInput({ field, path, value, onChange, context }: FieldProps) {
  const id = fieldId(path);
  const link = asObject(value);
  const problem =
    context.problems[problemKey(path)] ??
    context.problems[problemKey([...path, 'href'])] ??
    context.problems[problemKey([...path, 'title'])];
  const aria = {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(field.field_metadata?.description), Boolean(problem)),
  } as const;
  return (
    <fieldset className="content-group content-group--inline">
      <legend>{field.display_name}</legend>
      <div className="content-field">
        <label htmlFor={`${id}-title`}>Link text</label>
        <input
          id={`${id}-title`}
          name={fieldName([...path, 'title'])}
          value={asText(link.title)}
          onChange={(event) => onChange({ ...link, title: event.target.value })}
          {...aria}
        />
      </div>
      <div className="content-field">
        <label htmlFor={`${id}-href`}>Address (a site path like /support or https://…)</label>
        <input
          id={`${id}-href`}
          name={fieldName([...path, 'href'])}
          value={asText(link.href)}
          onChange={(event) => onChange({ ...link, href: event.target.value })}
          {...aria}
        />
      </div>
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
    </fieldset>
  );
}

/**
 * An image or file from the asset library: a file field holds the asset's uid, an image field of the media
 * service (text marked `field_metadata.image`) the media id the asset serves under.
 */
function FileInput({ field, path, value, onChange, context }: FieldProps) {
  const id = fieldId(path);
  const byMediaId = field.data_type === 'text';
  const uid = asText(value && typeof value === 'object' ? (value as { uid?: unknown }).uid : value);
  const problem = context.problems[problemKey(path)];
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Record<string, AssetPreview>>({});
  const preview = uid
    ? (picked[uid] ??
      context.assets[uid] ??
      (byMediaId ? { title: 'Image', image: mediaPreview(uid) } : undefined))
    : undefined;
  return (
    <fieldset
      className="content-group content-group--inline"
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy(id, Boolean(field.field_metadata?.description), Boolean(problem))}
    >
      <legend>
        {field.display_name}
        {field.mandatory ? <span className="content-field__required"> (required)</span> : null}
      </legend>
      <input type="hidden" name={fieldName(path)} value={uid} />
      <div className="content-asset">
        {preview?.image ? <img src={preview.image} alt="" width={120} height={80} /> : null}
        <span id={id}>{uid ? `${preview?.title ?? 'Asset'} (${uid})` : 'No file chosen.'}</span>
      </div>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--small" onClick={() => setOpen(true)}>
          {uid ? 'Change' : 'Choose'} from the asset library…
        </button>
        {uid ? (
          <button
            type="button"
            className="admin-button admin-button--quiet admin-button--small"
            onClick={() => onChange('')}
          >
            {byMediaId || field.field_metadata?.image ? 'Remove image' : 'Remove file'}
          </button>
        ) : null}
      </div>
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
      <PickerDialog
        title={`Choose ${field.display_name.toLowerCase()} from the asset library`}
        source={byMediaId ? '/admin/content/picker/media' : '/admin/content/picker/assets'}
        open={open}
        onClose={() => setOpen(false)}
        onPick={(item) => {
          setPicked((known) => ({ ...known, [item.key]: { title: item.label, image: item.image ?? null } }));
          onChange(item.key);
          setOpen(false);
        }}
      />
    </fieldset>
  );
}

function ReferenceInput({ field, path, value, onChange, context }: FieldProps & { field: ReferenceField }) {
  const id = fieldId(path);
  const references = asList(value).map(asObject);
  const problem = context.problems[problemKey(path)];
  const [open, setOpen] = useState(false);
  const several = Boolean(field.field_metadata?.ref_multiple) || Boolean(field.multiple);
  return (
    <fieldset
      className="content-group content-group--inline"
      id={id}
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy(id, Boolean(field.field_metadata?.description), Boolean(problem))}
    >
      <legend>
        {field.display_name}
        {field.mandatory ? <span className="content-field__required"> (required)</span> : null}
      </legend>
      {references.length === 0 ? <p className="admin-muted">No entry chosen.</p> : null}
      <ul className="content-refs">
        {references.map((reference, index) => {
          const uid = asText(reference.uid);
          const type = asText(reference._content_type_uid);
          return (
            <li key={`${type}/${uid}`}>
              <input type="hidden" name={fieldName([...path, index, 'uid'])} value={uid} />
              <input type="hidden" name={fieldName([...path, index, '_content_type_uid'])} value={type} />
              <a href={`/admin/content/${type}/${uid}/en-us`}>
                {context.contentTypeTitle(type)}: {uid}
              </a>
              <button
                type="button"
                className="admin-button admin-button--quiet admin-button--small"
                aria-label={`Remove ${uid} from ${field.display_name}`}
                onClick={() => onChange(references.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--small" onClick={() => setOpen(true)}>
          {several || references.length === 0 ? 'Add an entry…' : 'Change entry…'}
        </button>
      </div>
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
      <PickerDialog
        title={`Choose for ${field.display_name.toLowerCase()}`}
        source={`/admin/content/picker/entries?types=${encodeURIComponent(field.reference_to.join(','))}`}
        open={open}
        onClose={() => setOpen(false)}
        onPick={(item) => {
          const [type = '', uid = ''] = item.key.split('/');
          const chosen = { uid, _content_type_uid: type };
          const others = references.filter(
            (reference) => reference.uid !== uid || reference._content_type_uid !== type,
          );
          onChange(several ? [...others, chosen] : [chosen]);
          setOpen(false);
        }}
      />
    </fieldset>
  );
}

/** Move up / move down / remove for one item of a list. */
function ItemTools({
  label,
  index,
  count,
  list,
  onChange,
}: {
  label: string;
  index: number;
  count: number;
  list: unknown[];
  onChange: (value: unknown) => void;
}) {
  return (
    <div className="content-item__tools">
      <button
        type="button"
        className="admin-button admin-button--quiet admin-button--small"
        disabled={index === 0}
        aria-label={`Move ${label} up`}
        onClick={() => onChange(moveItem(list, index, -1))}
      >
        Move up
      </button>
      <button
        type="button"
        className="admin-button admin-button--quiet admin-button--small"
        disabled={index === count - 1}
        aria-label={`Move ${label} down`}
        onClick={() => onChange(moveItem(list, index, 1))}
      >
        Move down
      </button>
      <button
        type="button"
        className="admin-button admin-button--quiet admin-button--small"
        aria-label={`Remove ${label}`}
        onClick={() => onChange(list.filter((_, at) => at !== index))}
      >
        Remove
      </button>
    </div>
  );
}

function GroupFields({
  schema,
  path,
  value,
  onChange,
  context,
}: {
  schema: readonly ContentField[];
  path: FieldPath;
  value: unknown;
  onChange: (value: unknown) => void;
  context: FormContext;
}) {
  const object = asObject(value);
  return (
    <>
      {schema.map((child) => (
        <Field
          key={child.uid}
          field={child}
          path={[...path, child.uid]}
          value={object[child.uid]}
          onChange={(next) => onChange({ ...object, [child.uid]: next })}
          context={{ ...context, fallback: null }}
        />
      ))}
    </>
  );
}

function ListInput({ field, path, value, onChange, context }: FieldProps) {
  const list = asList(value);
  const problem = context.problems[problemKey(path)];
  const id = fieldId(path);
  const full = field.max_instance !== undefined && list.length >= field.max_instance;
  const single: ContentField = { ...field, multiple: false } as ContentField;
  return (
    <fieldset className="content-group" id={id} aria-describedby={problem ? `${id}-error` : undefined}>
      <legend>
        {field.display_name}
        {field.mandatory ? <span className="content-field__required"> (required)</span> : null}
      </legend>
      {list.length === 0 ? <p className="admin-muted">None yet.</p> : null}
      {list.map((item, index) => {
        const label = `${field.display_name} ${index + 1}`;
        const itemPath = [...path, index];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; the path is the index.
          <div className="content-item" key={index}>
            <div className="content-item__head">
              <strong>{label}</strong>
              <ItemTools label={label} index={index} count={list.length} list={list} onChange={onChange} />
            </div>
            {field.data_type === 'group' ? (
              <>
                <input type="hidden" name={fieldName([...itemPath, '_'])} value="1" />
                <GroupFields
                  schema={field.schema}
                  path={itemPath}
                  value={item}
                  onChange={(next) => onChange(setAt(list, [index], next))}
                  context={context}
                />
              </>
            ) : (
              <Field
                field={{ ...single, display_name: label } as ContentField}
                path={itemPath}
                value={item}
                onChange={(next) => onChange(setAt(list, [index], next))}
                context={{ ...context, fallback: null }}
              />
            )}
          </div>
        );
      })}
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button--small"
          disabled={full}
          onClick={() => onChange([...list, field.data_type === 'group' ? {} : ''])}
        >
          Add {field.display_name.toLowerCase()}
        </button>
      </div>
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
    </fieldset>
  );
}

function ChoiceSet({ field, path, value, onChange, context }: FieldProps) {
  const chosen = asList(value).map(asText);
  const id = fieldId(path);
  const problem = context.problems[problemKey(path)];
  const choices =
    field.data_type === 'text' && field.enum ? field.enum.choices.map((choice) => choice.value) : [];
  return (
    <fieldset
      className="content-group content-group--inline"
      id={id}
      aria-describedby={problem ? `${id}-error` : undefined}
    >
      <legend>
        {field.display_name}
        {field.mandatory ? <span className="content-field__required"> (required)</span> : null}
      </legend>
      <div className="content-choices">
        {[...choices, ...chosen.filter((value) => !choices.includes(value))].map((choice) => (
          <label key={choice} htmlFor={`${id}-${choice}`}>
            <input
              id={`${id}-${choice}`}
              type="checkbox"
              name={fieldName(path)}
              value={choice}
              checked={chosen.includes(choice)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...chosen, choice] : chosen.filter((other) => other !== choice),
                )
              }
            />{' '}
            {choice}
          </label>
        ))}
      </div>
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
    </fieldset>
  );
}

/**
 * A block's kind and fields: stored as the storefront reads it (`{ type, …fields }`); the hosted service's shape
 * (`{ [kind]: { …fields } }`) is read too.
 */
function blockOf(field: BlocksField, item: unknown): { kind: string; body: Record<string, unknown> } {
  const object = asObject(item);
  if (typeof object.type === 'string') return { kind: object.type, body: object };
  const hosted = field.blocks.find((block) => block.uid in object);
  return hosted ? { kind: hosted.uid, body: asObject(object[hosted.uid]) } : { kind: '', body: {} };
}

function BlocksInput({ field, path, value, onChange, context }: FieldProps & { field: BlocksField }) {
  const list = asList(value);
  const id = fieldId(path);
  const kindId = useId();
  const [kind, setKind] = useState(field.blocks[0]?.uid ?? '');
  const problem = context.problems[problemKey(path)];
  return (
    <fieldset className="content-group" id={id} aria-describedby={problem ? `${id}-error` : undefined}>
      <legend>{field.display_name}</legend>
      {list.length === 0 ? <p className="admin-muted">No blocks yet.</p> : null}
      {list.map((item, index) => {
        const { kind, body } = blockOf(field, item);
        const block = field.blocks.find((candidate) => candidate.uid === kind);
        if (!block) return null;
        const label = `${block.title} (block ${index + 1})`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity of their own; the path is the index.
          <div className="content-item" key={index}>
            <div className="content-item__head">
              <strong>{label}</strong>
              <ItemTools label={label} index={index} count={list.length} list={list} onChange={onChange} />
            </div>
            <input type="hidden" name={fieldName([...path, index, 'type'])} value={block.uid} />
            <GroupFields
              schema={block.schema}
              path={[...path, index]}
              value={body}
              onChange={(next) => onChange(setAt(list, [index], { ...asObject(next), type: block.uid }))}
              context={context}
            />
          </div>
        );
      })}
      <div className="admin-actions content-add-block">
        <label htmlFor={kindId}>Kind of block</label>
        <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value)}>
          {field.blocks.map((block) => (
            <option key={block.uid} value={block.uid}>
              {block.title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="admin-button admin-button--small"
          onClick={() => onChange([...list, { type: kind }])}
        >
          Add block
        </button>
      </div>
      <Help id={id} field={field} problem={problem} fallback={context.fallback} />
    </fieldset>
  );
}

export function Field(props: FieldProps) {
  const { field, path, value, onChange, context } = props;
  if (field.data_type === 'blocks') return <BlocksInput {...props} field={field} />;
  if (field.data_type === 'reference') return <ReferenceInput {...props} field={field} />;
  if (field.multiple && field.data_type === 'text' && field.enum) return <ChoiceSet {...props} />;
  if (field.multiple) return <ListInput {...props} />;
  if (field.data_type === 'group') {
    const id = fieldId(path);
    const problem = context.problems[problemKey(path)];
    return (
      <fieldset className="content-group" id={id} aria-describedby={problem ? `${id}-error` : undefined}>
        <legend>{field.display_name}</legend>
        <GroupFields schema={field.schema} path={path} value={value} onChange={onChange} context={context} />
        <Help id={id} field={field} problem={problem} fallback={context.fallback} />
      </fieldset>
    );
  }
  if (field.data_type === 'boolean') return <BooleanInput {...props} />;
  if (field.data_type === 'link') return <LinkInput {...props} />;
  if (field.data_type === 'file' || (field.data_type === 'text' && field.field_metadata?.image))
    return <FileInput {...props} />;
  return <TextInput {...props} />;
}

/**
 * Every field of the schema, in its order, editing one fields object. `onChanged` hears whether the fields differ
 * from the `saved` version (after a refused save they start from what was posted, which is not saved either).
 */
export function EntryFields({
  schema,
  initial,
  saved,
  onChanged,
  context,
}: {
  schema: readonly ContentField[];
  initial: Record<string, unknown>;
  saved: Record<string, unknown>;
  onChanged?: (changed: boolean) => void;
  context: FormContext;
}) {
  const [fields, setFields] = useState<Record<string, unknown>>(initial);
  const savedJson = JSON.stringify(saved);
  useEffect(() => {
    onChanged?.(JSON.stringify(fields) !== savedJson);
  }, [fields, savedJson, onChanged]);
  return (
    <>
      {schema.map((field) => (
        <Field
          key={field.uid}
          field={field}
          path={[field.uid]}
          value={getAt(fields, [field.uid])}
          onChange={(next) =>
            setFields((current) => setAt(current, [field.uid], next) as Record<string, unknown>)
          }
          context={context}
        />
      ))}
    </>
  );
}
