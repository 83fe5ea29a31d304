/**
 * The field schema of a content type, in the hosted content service's own shape (its Content Management API
 * returns and accepts exactly this), so the management SDK, the editor's generated form and the validation all
 * read one description. Only the parts an editor needs are modelled.
 */

interface FieldBase {
  uid: string;
  display_name: string;
  /** Required: a save without a value is refused with a message on the field. */
  mandatory?: boolean;
  /** A list of values (repeatable field or group). */
  multiple?: boolean;
  /** For repeatable fields and groups: most values kept. */
  max_instance?: number;
  field_metadata?: {
    description?: string;
    /** Plain text over several lines (textarea). */
    multiline?: boolean;
    /** HTML rich text, sanitised on save and on render (core/rich-text.ts). */
    allow_rich_text?: boolean;
    /** For 'file': only images. */
    image?: boolean;
    /** For 'reference': several references. */
    ref_multiple?: boolean;
    default_value?: unknown;
  };
}

export interface TextField extends FieldBase {
  data_type: 'text';
  /** A select: the value must be one of these. */
  display_type?: 'dropdown' | 'radio';
  enum?: { advanced: false; choices: Array<{ value: string }> };
  /** A regular expression the value must match (e.g. an e-mail, a path, a hex colour). */
  format?: string;
  /** Message shown when `format` does not match. */
  error_messages?: { format?: string };
  /** Longest value in characters (the service's own limit applies to every text: MAX_TEXT_LENGTH). */
  max_length?: number;
}

export interface NumberField extends FieldBase {
  data_type: 'number';
  min?: number;
  max?: number;
}

export interface BooleanField extends FieldBase {
  data_type: 'boolean';
}

/** An ISO 8601 date or date-time. */
export interface DateField extends FieldBase {
  data_type: 'isodate';
}

/** `{ title, href }`; href is a site path or an http(s) URL. */
export interface LinkField extends FieldBase {
  data_type: 'link';
}

/** An asset of the asset library, stored as its uid (delivered as the asset object). */
export interface FileField extends FieldBase {
  data_type: 'file';
}

/** References to entries, stored as `[{ uid, _content_type_uid }]`. */
export interface ReferenceField extends FieldBase {
  data_type: 'reference';
  reference_to: string[];
}

export interface GroupField extends FieldBase {
  data_type: 'group';
  schema: ContentField[];
}

/** Modular blocks: a list of `{ [blockUid]: { …fields } }`, each block with its own schema. */
export interface BlocksField extends FieldBase {
  data_type: 'blocks';
  blocks: Array<{ uid: string; title: string; schema: ContentField[] }>;
}

/** Free-form JSON the editor shows as such (fields too irregular for a form; kept rare). */
export interface JsonField extends FieldBase {
  data_type: 'json';
}

export type ContentField =
  | TextField
  | NumberField
  | BooleanField
  | DateField
  | LinkField
  | FileField
  | ReferenceField
  | GroupField
  | BlocksField
  | JsonField;

export interface ContentTypeSchema {
  uid: string;
  title: string;
  description: string;
  options: { singleton: boolean; title: 'title' };
  /** The first field is always `title` (single line, mandatory). */
  schema: ContentField[];
}

/** A problem with one field, at a path into the entry (`['modules', 2, 'banner']`), as a message key + params. */
export interface FieldProblem {
  path: Array<string | number>;
  message: string;
}

/** The service's limit on any one text value: bigger input is refused, never stored. */
export const MAX_TEXT_LENGTH = 100_000;
