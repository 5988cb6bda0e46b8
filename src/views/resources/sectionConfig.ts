import type { RelationKey } from '../../api/relations';
import type { ResourceKey, ResourceRecord } from '../../api/resources';

/** How a value is shown (SPEC §5/§9 display rules live in src/format). */
export type DisplayFormat = 'text' | 'phone' | 'money' | 'duration' | 'timestamp' | 'boolean' | 'json' | 'ids' | 'rating' | 'isSet';

export interface Column {
  key: string;
  label: string;
  format?: DisplayFormat;
  /** The server's sort name (`sort=<key>` / `-<key>`); absent = not sortable. */
  sort?: string;
}

export interface Choice {
  value: string;
  label: string;
}

export interface Filter {
  /** `filter[<key>]` in the query and in the URL. */
  key: string;
  label: string;
  choices?: Choice[];
  /** Choices are the records of another section (its first 100). */
  choicesFrom?: ResourceKey;
}

/** `conversation`: a reporting conversation's uuid, chosen with a searchable picker. */
export type FieldType = 'text' | 'textarea' | 'email' | 'password' | 'url' | 'number' | 'select' | 'json' | 'color' | 'checkbox' | 'criteria' | 'steps' | 'conversation';

export interface Field {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  choices?: Choice[];
  /** A foreign key: choose among another section's records. */
  choicesFrom?: ResourceKey;
  min?: number;
  max?: number;
  /** Numbers are whole unless this is set (SPEC §5: numeric inputs block `e` and the decimal point). */
  decimal?: boolean;
  /** Only on /new (e.g. a password), never sent on edit. */
  createOnly?: boolean;
  /** Shown on the record but not editable (relation id lists). */
  readOnly?: boolean;
  hint?: string;
}

/** Section-specific pieces the generic pages place; each is a named component in ./special. */
export type SpecialPanel = 'phoneNumbers' | 'workflowContacts' | 'userActions' | 'botActions' | 'agentActions' | 'slotsBrief' | 'outboundCall' | 'scorecardItems';

export interface Tab {
  /** Last path segment of `/{id}/{tab}`; 'details' is the bare `/{id}`. */
  key: string;
  label: string;
  relation?: RelationKey;
  panel?: SpecialPanel;
}

export interface SectionConfig {
  key: ResourceKey;
  /** One record, for buttons and headings ("New Bot"). */
  singular: string;
  columns: Column[];
  filters: Filter[];
  fields: Field[];
  /** Extra views of one record beyond its details: tab routes where SPEC §2 gives them, panels otherwise. */
  tabs: Tab[];
  /** What names a record in headings and links. */
  titleOf: (record: ResourceRecord) => string;
  defaultSort?: string;
  /** The list offers a file export (Feedback). */
  exportable?: boolean;
  /** The list page offers the bot import. */
  importable?: boolean;
  /** A read-only list (SPEC §3's clients): no record pages, no add, edit, delete or selection. */
  readOnly?: boolean;
  /** A page of its own where a record's Delete leads (SPEC §2 `/accounts/{id}/delete`: what goes with it, then the confirmed delete). */
  deletePage?: (id: string) => string;
  /** Extra checks after the fields' own (e.g. password confirmation). */
  refine?: (values: Record<string, unknown>, mode: 'new' | 'edit') => Record<string, string>;
}

/** A model's name inside a sentence: lower case, but acronyms keep their capitals ("New LLM", "New agent instruction"). */
export const inSentence = (singular: string): string => singular.split(' ').map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');

export const nameOf = (record: ResourceRecord): string => String(record.name ?? record.label ?? `#${record.id}`);

export const timestamps: Column[] = [{ key: 'updated_at', label: 'Updated', format: 'timestamp', sort: 'updated_at' }];

/** Words that read as capitals in a label ("SMS", "HTTP"). */
const ACRONYMS: ReadonlySet<string> = new Set(['sms', 'http', 'url', 'api', 'llm']);

export const choices = (...values: string[]): Choice[] =>
  values.map((value) => ({
    value,
    label: value
      .split(/[_-]/)
      .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
      .join(' ')
      .replace(/^\w/, (c) => c.toUpperCase()),
  }));
