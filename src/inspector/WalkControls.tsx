import { useEffect, useId, useRef, useState } from 'react';
import { actorLabel, type InspectedActor } from './actors';
import type { EventSchemas } from '../machines/eventSchemas';
import { buildPayload, eventForm, loadEventSchemas, type EventForm, type FormField, type FormValues } from './eventForm';
import { acceptedEvents, parsePayload } from './walk';

function Field({ field, value, error, onChange, formId }: { field: FormField; value: string | boolean | undefined; error?: string; onChange: (value: string | boolean) => void; formId: string }) {
  const id = `${formId}-${field.name}`;
  const described = [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined, required: field.required || undefined };
  return (
    <div className={`field${field.kind === 'checkbox' ? ' field-inline' : ''}`}>
      {field.kind === 'checkbox' ? (
        <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
      ) : null}
      <label htmlFor={id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {field.kind === 'select' && (
        <select {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {field.options?.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      )}
      {field.kind === 'json' && <textarea {...common} rows={2} spellCheck={false} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />}
      {['text', 'email', 'password', 'number'].includes(field.kind) && (
        <input
          {...common}
          type={field.kind}
          autoComplete={field.kind === 'password' ? 'off' : undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {field.hint && (
        <span id={`${id}-hint`} className="field-hint">
          {field.hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** The form of one event: the fields its schema declares, or a JSON payload when it declares none. */
function EventFormView({ form, onSend, onCancel }: { form: EventForm; onSend: (payload: Record<string, unknown>) => void; onCancel: () => void }) {
  const formId = useId();
  const [values, setValues] = useState<FormValues>({});
  const [json, setJson] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = useRef<HTMLFormElement>(null);
  useEffect(() => first.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), []);
  const parsedJson = parsePayload(json);

  const submit = () => {
    if (form.fields === null) {
      if (parsedJson.ok) onSend(parsedJson.payload);
      return;
    }
    const built = buildPayload(form, values);
    setErrors(built.errors);
    if (Object.keys(built.errors).length === 0) onSend(built.payload);
  };

  return (
    <form
      ref={first}
      className="walk-form"
      aria-labelledby={`${formId}-h`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 id={`${formId}-h`}>
        <code>{form.type}</code>
        {form.title && <span className="walk-form-title"> · {form.title}</span>}
      </h4>
      {form.hint && <p className="inspector-note">{form.hint}</p>}
      {form.fields === null ? (
        <div className="field">
          <label htmlFor={`${formId}-json`}>Payload (JSON object, optional)</label>
          <textarea
            id={`${formId}-json`}
            rows={3}
            spellCheck={false}
            value={json}
            onChange={(e) => setJson(e.target.value)}
            aria-invalid={!parsedJson.ok}
            aria-describedby={`${formId}-json-hint`}
            placeholder='{"to": "/users"}'
          />
          <span id={`${formId}-json-hint`} className={parsedJson.ok ? 'field-hint' : 'field-error'}>
            {parsedJson.ok ? 'This machine declares no schema for this event.' : parsedJson.error}
          </span>
        </div>
      ) : (
        form.fields.map((field) => (
          <Field key={field.name} formId={formId} field={field} value={values[field.name]} error={errors[field.name]} onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))} />
        ))
      )}
      {errors['(payload)'] && <p className="field-error">{errors['(payload)']}</p>}
      <div className="log-tools">
        <button type="submit" className="button button-primary" disabled={form.fields === null && !parsedJson.ok}>
          Send {form.type}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Walk: the events the actor's current state accepts. An event whose schema asks for nothing is
 * sent at once; one with fields opens its form (from the schema declared beside the machine).
 */
export function WalkControls({ actor }: { actor: InspectedActor }) {
  const [open, setOpen] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  // undefined while the machine's schemas load (their own small chunk); null when it declares none.
  const [schemas, setSchemas] = useState<EventSchemas | null | undefined>(undefined);
  const headingId = useId();
  const events = acceptedEvents(actor);
  const name = actorLabel(actor);
  const openForm = open && events.includes(open) && schemas !== undefined ? eventForm(schemas, open) : null;

  useEffect(() => {
    let current = true;
    void loadEventSchemas(actor).then((loaded) => current && setSchemas(loaded));
    return () => {
      current = false;
    };
  }, [actor]);

  const send = (type: string, payload: Record<string, unknown>) => {
    actor.send({ ...payload, type });
    setSent(`Sent ${type} to ${name}.`);
    setOpen(null);
  };
  const choose = (type: string) => {
    const form = schemas === undefined ? null : eventForm(schemas, type);
    if (form?.fields && form.fields.length === 0) send(type, {});
    else setOpen(type);
  };

  return (
    <section className="inspector-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Walk</h3>
      {events.length === 0 ? (
        <p>{name} accepts no events in this state.</p>
      ) : (
        <div className="walk-buttons" role="group" aria-label={`Events ${name} accepts`}>
          {events.map((type) => {
            const form = eventForm(schemas ?? null, type);
            const asks = form.fields === null || form.fields.length > 0;
            return (
              <button key={type} type="button" className="button" title={form.hint} aria-expanded={asks ? open === type : undefined} onClick={() => choose(type)}>
                {type}
                {asks && <span aria-hidden="true">…</span>}
              </button>
            );
          })}
        </div>
      )}
      {open && schemas === undefined && <p className="inspector-note">Loading the form…</p>}
      {openForm && <EventFormView key={openForm.type} form={openForm} onSend={(payload) => send(openForm.type, payload)} onCancel={() => setOpen(null)} />}
      <p role="status" className="inspector-note">
        {sent}
      </p>
    </section>
  );
}
