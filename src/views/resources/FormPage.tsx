import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ResourceKey, ResourceRecord } from '../../api/resources';
import { themeContrast } from '../../format/themeContrast';
import { activeTab, type RouteViewProps } from '../../route';
import { LoadingState } from '../common/LoadingState';
import { NumericInput } from '../common/NumericInput';
import { ThemeContrastNote } from '../common/ThemeContrastNote';
import { announce } from '../common/toasts';
import { focusHeadingOnArrival } from '../common/arrivalFocus';
import { useListHref } from '../common/useListHref';
import { BackButton } from '../common/BackButton';
import { LeaveGuard } from '../common/LeaveGuard';
import { OperationError } from '../common/OperationError';
import { RecordLoadError } from './RecordLoadError';
import { useCan, useNavigate } from '../PortalContext';
import { ChoiceSelect } from './ChoiceSelect';
import { ConversationPicker } from './ConversationPicker';
import { ACCOUNT_REQUIRED, AccountSelect, useFormAccount, type FormAccount } from './FormAccount';
import { withPlainReferenceErrors } from './referenceErrors';
import { useReferences } from './useReferences';
import { TabNav, TabPanel } from './RecordTabs';
import { recordIdOf, useRecord } from './useRecord';
import { editableFields, initialValues, validateForm, type FormErrors, type FormValues } from './formValues';
import { inSentence, type Field, type SectionConfig } from './sectionConfig';
import { SECTION_CONFIGS } from './sectionConfigs';
import { useActorApi } from '../actors/useActorApi';
import { useRequest } from '../common/useOperation';
import type { ResourceActor, ResourceRequest } from '../../machines/resource';
import { resourceApi, storedRecord } from '../../machines/resource.api';
import './resources.css';

function FieldInput({ field, value, error, onChange, account }: { field: Field; value: string | boolean; error?: string; onChange: (value: string | boolean) => void; account: FormAccount }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const contrastId = `${id}-contrast`;
  // A theme colour says how it reads on the page, as on /settings.
  const showsContrast = field.type === 'color' && themeContrast(String(value)) !== null;
  const describedBy = [error ? errorId : '', field.hint ? hintId : '', showsContrast ? contrastId : ''].filter(Boolean).join(' ') || undefined;
  if (field.type === 'select') {
    return (
      <ChoiceSelect label={field.label} name={field.name} value={String(value)} choices={field.choices} choicesFrom={field.choicesFrom} error={error} required={field.required} onChange={onChange}
        accountId={account.scope} waitingFor={field.choicesFrom ? account.waitingFor : undefined} searchLong />
    );
  }
  if (field.type === 'conversation') {
    return <ConversationPicker label={field.label} name={field.name} value={String(value)} error={error} onChange={onChange} accountId={account.scope} waitingFor={account.waitingFor} />;
  }
  if (field.type === 'checkbox') {
    return (
      <div className="field field-inline">
        <input id={id} name={field.name} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} aria-describedby={describedBy} />
        <label htmlFor={id}>{field.label}</label>
        {error && <p id={errorId} className="field-error">{error}</p>}
      </div>
    );
  }
  const common = {
    id,
    name: field.name,
    value: String(value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  };
  const multiline = field.type === 'textarea' || field.type === 'json' || field.type === 'criteria' || field.type === 'steps';
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={field.type === 'textarea' ? 4 : 6} onChange={(e) => onChange(e.target.value)} />
      ) : field.type === 'number' ? (
        <NumericInput {...common} decimal={field.decimal} onValueChange={onChange} />
      ) : (
        <input
          {...common}
          type={field.type === 'color' ? 'text' : field.type}
          autoComplete={field.type === 'password' ? 'new-password' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {field.hint && <p id={hintId} className="field-hint">{field.hint}</p>}
      {showsContrast && <ThemeContrastNote id={contrastId} colour={String(value)} />}
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}

/** The form of one section: zod checks before sending; server 422 messages sit next to their fields. */
export function ResourceForm({ resource, config, mode, record, onSaved }: { resource: ResourceActor; config: SectionConfig; mode: 'new' | 'edit'; record: ResourceRecord | null; onSaved: (record: ResourceRecord | null) => void }) {
  const listHref = useListHref(config.key);
  const [values, setValues] = useState<FormValues>(() => initialValues(config, record, mode));
  const [clientErrors, setClientErrors] = useState<FormErrors>({});
  const resource$ = useActorApi(resource, resourceApi);
  const [initial] = useState(values);
  const account = useFormAccount(config.key, mode, record);
  const references = useReferences();
  // This form's save: its state and failure are the add or edit operation's while the form's
  // request is that operation's input (the inspector shows the same); another view's is not this one's.
  const save = useRequest<ResourceRequest>(resource$.operationOf(mode === 'new' ? 'add' : 'edit'), {
    succeeded: () => {
      // The resource's record is the one this save stored: pages that link to it show its new
      // name, pickers offer it at once.
      const stored = storedRecord(resource$.outputOf(mode === 'new' ? 'add' : 'edit'));
      if (stored) references.remember(config.key, stored);
      onSaved(stored);
    },
  });
  // Leaving with unsaved changes asks first (links, Back, the browser's Back, the tab); saving clears the question.
  const dirty = save.status !== 'succeeded' && JSON.stringify(values) !== JSON.stringify(initial);

  // "The selected llm id is invalid." reads as what to do about the LLM.
  const failure = withPlainReferenceErrors(save.failure, (key) =>
    key === 'account_id' ? 'account' : (config.fields.find((f) => f.name === key && f.choicesFrom)?.label ?? null));
  const serverErrors = failure?.fieldErrors ?? {};
  const errorOf = (name: string) => clientErrors[name] ?? serverErrors[name]?.join(' ');
  const fields = editableFields(config, mode);

  return (
    <form
      className="resource-form"
      noValidate
      aria-label={`${mode === 'new' ? 'New' : 'Edit'} ${inSentence(config.singular)}`}
      onSubmit={(event) => {
        event.preventDefault();
        const result = validateForm(config, values, mode);
        const errors: FormErrors = { ...(account.asks && !account.value ? { account_id: ACCOUNT_REQUIRED } : {}), ...(result.ok ? {} : result.errors) };
        if (!result.ok || errors.account_id) {
          setClientErrors(errors);
          const first = ['account_id', ...fields.map((f) => f.name)].find((name) => errors[name]);
          if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
          return;
        }
        setClientErrors({});
        const body = account.asks ? { ...result.body, account_id: /^\d+$/.test(account.value) ? Number(account.value) : account.value } : result.body;
        save.ask(() => (mode === 'new' ? resource$.add(body) : resource$.edit(record!.id, result.body)));
      }}
    >
      <LeaveGuard dirty={dirty} />
      <OperationError error={failure} />
      {Object.keys(clientErrors).length > 0 && (
        <p className="alert alert-error" role="alert">
          Please correct the highlighted fields.
        </p>
      )}
      {account.asks && (
        <AccountSelect
          value={account.value}
          error={errorOf('account_id')}
          onChange={(accountId) => {
            account.choose(accountId);
            // Another account's LLMs and bots: choices made for the previous one no longer fit.
            setValues((v) => ({ ...v, ...Object.fromEntries(fields.filter((f) => f.choicesFrom).map((f) => [f.name, ''])) }));
            setClientErrors(({ account_id: _dropped, ...rest }) => rest);
          }}
        />
      )}
      {fields.map((field) => (
        <FieldInput
          account={account}
          key={field.name}
          field={field}
          value={values[field.name] ?? ''}
          error={errorOf(field.name)}
          onChange={(value) => {
            setValues((v) => ({ ...v, [field.name]: value }));
            setClientErrors(({ [field.name]: _dropped, ...rest }) => rest);
          }}
        />
      ))}
      <div className="page-actions">
        <button type="submit" className="button button-primary" disabled={save.busy}>
          {save.busy ? 'Saving…' : mode === 'new' ? `Create ${inSentence(config.singular)}` : 'Save changes'}
        </button>
        <Link href={mode === 'new' || !record ? listHref : `/${config.key}/${record.id}`} className="button">
          Cancel
        </Link>
      </div>
    </form>
  );
}

function NewPage({ route, actor }: RouteViewProps<ResourceActor>) {
  const key = route.section!.key as ResourceKey;
  const config = SECTION_CONFIGS[key];
  const navigate = useNavigate();
  return (
    <section className="page">
      <h1>New {inSentence(config.singular)}</h1>
      <ResourceForm resource={actor} config={config} mode="new" record={null} onSaved={(created) => {
          announce(`${config.singular} created.`);
          const to = created ? `/${key}/${created.id}` : `/${key}`;
          focusHeadingOnArrival(to);
          navigate.go(to, true);
        }} />
    </section>
  );
}

function EditPage({ route, params, actor }: RouteViewProps<ResourceActor>) {
  const key = route.section!.key as ResourceKey;
  const config = SECTION_CONFIGS[key];
  const id = recordIdOf(route, params);
  const { record, error, reload } = useRecord(actor, id);
  const navigate = useNavigate();
  const listHref = useListHref(key);
  const [location] = useLocation();
  const canEdit = useCan(route.section!.model, 'edit');
  const hasTabs = route.section!.editTabs && config.tabs.length > 0;
  const active = hasTabs ? activeTab(location, ['details', ...config.tabs.map((t) => t.key)], 'details') : 'details';
  const tab = config.tabs.find((t) => t.key === active);
  if (error && !record) return <RecordLoadError section={key} error={error} onRetry={reload} />;
  if (!record) return <LoadingState label="Loading record…" />;
  return (
    <section className="page">
      <BackButton fallback={listHref} />
      <h1>Edit {config.titleOf(record)}</h1>
      {hasTabs && <TabNav base={`/${key}/${id}/edit`} tabs={config.tabs} active={active} />}
      {tab ? (
        <TabPanel tab={tab} config={config} record={record} editable={canEdit} />
      ) : (
        // Keyed by record: a form opened before the record arrived starts from the record's values.
        <ResourceForm key={record.id} resource={actor} config={config} mode="edit" record={record} onSaved={() => {
          announce('Changes saved.');
          focusHeadingOnArrival(`/${key}/${id}`);
          navigate.go(`/${key}/${id}`, true);
        }} />
      )}
    </section>
  );
}

/** /new and /{id}/edit (and /{id}/edit/{tab}) of every standard section; `actor` is the section's resource actor (the route's). */
export default function FormPage(props: RouteViewProps<ResourceActor> & { mode?: 'new' | 'edit' }) {
  const mode = props.mode ?? (props.route.path.endsWith('/new') ? 'new' : 'edit');
  return mode === 'new' ? <NewPage {...props} /> : <EditPage {...props} />;
}
