import { useEffect, useId, useRef, useState } from 'react';
import type { ResourceRecord } from '../../../api/resources';
import type { AvailablePhoneNumber, PhoneCountry } from '../../../api/schemas/phoneNumber';
import { formatMoney } from '../../../format/money';
import { formatPhone } from '../../../format/phone';
import { OperationError } from '../../common/OperationError';
import { announce } from '../../common/toasts';
import { ConfirmDialog } from '../ConfirmDialog';
import { useCan } from '../../PortalContext';
import type { ResourceRequest } from '../../../machines/resource';
import { resourceApi } from '../../../machines/resource.api';
import { useActorApi } from '../../actors/useActorApi';
import { useResourceOperation, useResource } from '../../actors/useResource';
import { useRequest } from '../../common/useOperation';
import { ActionPanel } from './ActionPanel';

/** SPEC §7: an instance's phone number — countries, search by country with filters, purchase. */
export function PhoneNumbers({ instance }: { instance: ResourceRecord }) {
  const instances = useResource('instances');
  const countries = useResourceOperation(instances, 'countries');
  const search = useResourceOperation(instances, 'searchNumbers');
  const purchase = useResourceOperation(instances, 'purchase');
  const canEdit = useCan('Instances', 'edit');
  const [country, setCountry] = useState('');
  const [contains, setContains] = useState('');
  const instances$ = useActorApi(instances, resourceApi);
  const { runAction } = instances$;
  // The number this view bought last (its purchase's outcome).
  const [bought, setBought] = useState<string | null>(null);
  // The number being bought (its purchase is this view's request).
  const buyingNumber = useRef<string | null>(null);
  const buying = useRequest<ResourceRequest>(instances$.operationOf('purchase'), {
    succeeded: () => {
      const number = buyingNumber.current ?? '';
      setBought(number);
      setTimeout(() => outcome.current?.focus(), 0);
      // Success is said where the user is looking (the toast), as well as in the panel.
      announce(`Purchased ${formatPhone(number)}.`);
    },
  });
  // The number waiting for a yes: a purchase costs money and replaces the current number.
  const [asking, setAsking] = useState<AvailablePhoneNumber | null>(null);
  // The purchase's outcome takes focus: the Buy button the dialog returned focus to has left with its number.
  const outcome = useRef<HTMLParagraphElement>(null);
  const countryId = useId();
  const containsId = useId();

  useEffect(() => {
    if (canEdit) runAction('countries');
  }, [runAction, canEdit]);

  const countryList = countries.succeeded ? (countries.output as PhoneCountry[]) : [];
  // A bought number leaves the results.
  const numbers = (search.succeeded ? (search.output as AvailablePhoneNumber[]) : []).filter((n) => n.phone_number !== bought);
  const current = typeof instance.phone_number === 'string' ? instance.phone_number : null;

  return (
    <ActionPanel title="Phone number">
      <p>
        Current number: <strong>{formatPhone(current)}</strong>
      </p>
      {canEdit && (
        <>
          <OperationError error={countries.failed ? countries.error : null} />
          <form
            className="list-toolbar"
            aria-label="Search phone numbers"
            onSubmit={(event) => {
              event.preventDefault();
              if (!country) return;
              runAction('searchNumbers', { country, filters: { 'filter[contains]': contains || undefined } });
            }}
          >
            <div className="field">
              <label htmlFor={countryId}>Country</label>
              <select id={countryId} value={country} onChange={(e) => setCountry(e.target.value)}>
                <option value="">Choose a country…</option>
                {countryList.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={containsId}>Number contains</label>
              <input id={containsId} inputMode="numeric" value={contains} onChange={(e) => setContains(e.target.value.replace(/\D/g, ''))} />
            </div>
            <button type="submit" className="button" disabled={!country || search.loading}>
              Search numbers
            </button>
          </form>
          <OperationError error={search.failed ? search.error : null} />
          {search.succeeded && numbers.length === 0 && <p role="status">No numbers available.</p>}
          {numbers.length > 0 && (
            <table className="resource-table" aria-label="Available phone numbers">
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">Locality</th>
                  <th scope="col">Monthly cost</th>
                  <th scope="col">
                    <span className="visually-hidden">Buy</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {numbers.map((n) => (
                  <tr key={n.phone_number}>
                    <td>{formatPhone(n.phone_number)}</td>
                    <td>{[n.locality, n.region].filter(Boolean).join(', ') || '—'}</td>
                    <td>{typeof n.monthly_cost === 'number' ? formatMoney(n.monthly_cost) : '—'}</td>
                    <td className="row-actions">
                      <button
                        type="button"
                        className="button"
                        disabled={purchase.loading}
                        aria-label={`Buy ${formatPhone(n.phone_number)}`}
                        onClick={() => setAsking(n)}
                      >
                        Buy
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p ref={outcome} tabIndex={-1} role="status">{bought ? `Purchased ${formatPhone(bought)}.` : ''}</p>
          {asking && (
            <ConfirmDialog
              title="Buy this number?"
              message={`${formatPhone(asking.phone_number)} costs ${typeof asking.monthly_cost === 'number' ? `${formatMoney(asking.monthly_cost)} a month` : 'a monthly fee'}. ${current ? `It replaces this instance’s current number, ${formatPhone(current)}.` : 'This instance has no number yet.'}`}
              confirmLabel={typeof asking.monthly_cost === 'number' ? `Buy for ${formatMoney(asking.monthly_cost)}/month` : 'Buy'}
              busy={purchase.loading}
              busyLabel="Buying…"
              tone="primary"
              onCancel={() => setAsking(null)}
              onConfirm={() => {
                const number = asking.phone_number;
                setBought(null);
                setAsking(null);
                buyingNumber.current = number;
                buying.ask(() => runAction('purchase', { instanceId: instance.id, phoneNumber: number }));
              }}
            />
          )}
          <OperationError error={purchase.failed ? purchase.error : null} />
        </>
      )}
    </ActionPanel>
  );
}
