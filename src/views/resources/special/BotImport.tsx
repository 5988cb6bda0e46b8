import { useId, useState } from 'react';
import { OperationError } from '../../common/OperationError';
import { useNavigate } from '../../PortalContext';
import { ACCOUNT_REQUIRED, AccountSelect, useFormAccount } from '../FormAccount';
import { storedRecord } from '../../../machines/resource.api';
import { useRequest, useResourceApi, useResourceOperation, useResource } from '../useResource';

/** Bot import: upload a file exported from a bot; a bad file gives `Import Failed` with the reason. */
export function BotImport() {
  const bots = useResource('bots');
  const importing = useResourceOperation(bots, 'import');
  const navigate = useNavigate();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const { runAction } = useResourceApi(bots);
  const request = useRequest();
  // Under "All accounts" an imported bot, like a new one, asks whose it is.
  const account = useFormAccount('bots', 'new', null);
  const [accountError, setAccountError] = useState<string | undefined>();

  return (
    <form
      className="list-toolbar bot-import"
      aria-label="Import a bot"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        if (account.asks && !account.value) {
          setAccountError(ACCOUNT_REQUIRED);
          (event.currentTarget.elements.namedItem('account_id') as HTMLElement | null)?.focus();
          return;
        }
        const input = account.asks ? { file, accountId: account.value } : file;
        runAction('import', input, request.track({
          succeeded: (output) => {
            const created = storedRecord(output);
            if (created) navigate.go(`/bots/${created.id}`);
          },
        }));
      }}
    >
      {account.asks && (
        <AccountSelect value={account.value} error={accountError} onChange={(value) => { account.choose(value); setAccountError(undefined); }} />
      )}
      <div className="field">
        <label htmlFor={inputId}>Bot file</label>
        <input id={inputId} type="file" accept="application/json,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <button type="submit" className="button" disabled={!file || importing.loading}>
        {importing.loading ? 'Importing…' : 'Import bot'}
      </button>
      <OperationError error={request.failure} />
    </form>
  );
}
