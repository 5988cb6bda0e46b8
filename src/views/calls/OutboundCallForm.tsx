import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatPhone } from '../../format/phone';
import { openChat } from '../../machines/areas/chat';
import { isCallablePhone } from '../../machines/call';
import { callApi, callSelectors } from '../../machines/call.api';
import { chatApi, chatSelectors } from '../../machines/chat.api';
import { useActorApi } from '../actors/useActorApi';
import { LoadingState } from '../common/LoadingState';
import { OperationError } from '../common/OperationError';
import { SearchablePicker } from '../common/SearchablePicker';
import { useAccountOfEach } from '../common/useNamesWithAccounts';
import { useTargets } from '../chat/useTargets';
import { useCan, usePortal } from '../PortalContext';
import { useFlow } from '../useFlow';
import './calls.css';

export interface OutboundCallFormProps {
  /** Fixed instance (the instance detail page); otherwise the user picks one. */
  instanceId?: string;
  /** Prefilled number (the contact detail page). */
  phone?: string;
}

/**
 * SPEC §7's outbound call from an instance (or to a contact): instance + phone, the phone checked
 * and shown in SPEC §5's format; progress arrives on the chat connection (its ClientId), so the
 * form makes sure that connection is up. Reusable on the instance and contact pages.
 */
export function OutboundCallForm({ instanceId: fixedInstance, phone: initialPhone = '' }: OutboundCallFormProps) {
  const portal = usePortal();
  const allowed = useCan('Chat', 'add');
  const [chat] = useState(() => openChat(portal));
  const chatEvents = useActorApi(chat, chatApi);
  const clientId = useSelector(chat, chatSelectors.clientId);
  const connected = useSelector(chat, chatSelectors.connected);
  const call = useFlow('outboundCall', undefined);
  const { place: placeCall } = useActorApi(call, callApi);
  const state = useSelector(call, callSelectors.state);
  const error = useSelector(call, callSelectors.error);
  const called = useSelector(call, callSelectors.called);
  const allInstances = useTargets('instances');
  // Only an instance with a number can place a call.
  const instances = useMemo(() => ({ ...allInstances, items: allInstances.items.filter((instance) => !!instance.phone_number) }), [allInstances]);
  const accountOf = useAccountOfEach(instances.items);
  const streamKey = useSelector(call, callSelectors.streamKey);
  const [instanceId, setInstanceId] = useState(fixedInstance ?? '');
  const [phone, setPhone] = useState(initialPhone);
  const [suppressHistory, setSuppressHistory] = useState(false);
  const [touched, setTouched] = useState(false);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  // `/chat#place-call` (the command palette's "Place a call"): focus starts in this form.
  useEffect(() => {
    if (!fixedInstance && typeof location !== 'undefined' && location.hash === '#place-call') form.current?.querySelector<HTMLElement>('input')?.focus();
  }, [fixedInstance]);

  // The call reports on its own stream: the console shows that stream as a call (Hang up, Contact).
  useEffect(() => {
    if (streamKey) chatEvents.markCall(streamKey);
  }, [chatEvents, streamKey]);
  useEffect(() => {
    if (allowed) chatEvents.ensureConnected();
  }, [allowed, chatEvents]);
  useEffect(() => {
    if (!fixedInstance && !instanceId && instances.items[0]) setInstanceId(instances.items[0].id);
  }, [fixedInstance, instanceId, instances.items]);
  // Another account in the filter: an instance of the one before is not offered; take this one's first.
  const listed = instances.permitted && !instances.missing && !instances.error;
  useEffect(() => {
    if (fixedInstance || !listed || instances.loading || !instanceId) return;
    if (!instances.items.some((instance) => instance.id === instanceId)) setInstanceId(instances.items[0]?.id ?? '');
  }, [fixedInstance, listed, instances.loading, instances.items, instanceId]);

  if (!allowed) return <p className="notice">Your role does not allow placing calls.</p>;

  const phoneOk = isCallablePhone(phone);
  const loading = state === 'loading';
  const canCall = phoneOk && instanceId !== '' && clientId !== null && connected && !loading;
  const typedInstance = !fixedInstance && (instances.missing || !instances.permitted || (instances.error !== null && instances.items.length === 0));

  return (
    <form
      ref={form}
      className="call-form"
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (canCall) placeCall({ instanceId, phone, clientId, suppressHistory });
      }}
    >
      <h2 id={`${ids}-title`}>Outbound call</h2>
      {!fixedInstance &&
        (typedInstance ? (
          <label className="field">
            <span>Instance ID</span>
            <input inputMode="numeric" value={instanceId} onChange={(event) => setInstanceId(event.target.value.replace(/\D/g, ''))} />
          </label>
        ) : (
          <SearchablePicker
            label="Instance"
            value={instanceId}
            onChange={setInstanceId}
            busy={instances.loading}
            options={
              instances.items.length === 0
                ? [{ value: '', label: instances.loading ? 'Loading instances…' : 'No instance with a phone number' }]
                : instances.items.map((instance) => ({
                    value: instance.id,
                    label: `${instance.name ?? `Instance ${instance.id}`}${instance.phone_number ? ` (${formatPhone(instance.phone_number)})` : ''}`,
                    detail: accountOf(instance.account_id),
                  }))
            }
          />
        ))}
      {typedInstance && instances.missing && <p className="chat-hint">This API does not list instances yet: enter the instance ID.</p>}
      <OperationError error={instances.error} />
      <label className="field">
        <span>Phone number</span>
        <input
          type="tel"
          autoComplete="tel"
          value={phone}
          aria-invalid={touched && !phoneOk}
          aria-describedby={`${ids}-phone`}
          onChange={(event) => setPhone(event.target.value)}
          onBlur={() => setTouched(true)}
        />
      </label>
      <p id={`${ids}-phone`} className={touched && !phoneOk ? 'field-error' : 'call-phone-preview'}>
        {/* "Not Provided" is SPEC §5's display of an empty number, not a message to someone typing one. */}
        {phone ? formatPhone(phone) : touched ? 'Enter a phone number' : 'Enter a phone number to see it formatted here.'}
      </p>
      <label className="field field-inline">
        <input type="checkbox" checked={suppressHistory} onChange={(event) => setSuppressHistory(event.target.checked)} />
        <span>Progress only (suppress the call's history)</span>
      </label>
      <button type="submit" className="button button-primary" disabled={loading || !connected}>
        Call
      </button>
      {!connected && <p className="chat-hint">Calls report their progress over the chat connection, which is not connected.</p>}
      {loading && <LoadingState label={`Calling ${formatPhone(called)}…`} />}
      {state === 'succeeded' && (
        <p className="call-placed" role="status">
          Call placed to {formatPhone(called)}. Its progress appears in the chat list.
        </p>
      )}
      <OperationError error={error} />
    </form>
  );
}
