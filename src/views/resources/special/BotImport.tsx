import { useId, useRef, useState } from 'react';
import { focusHeadingOnArrival } from '../../common/arrivalFocus';
import { OperationError } from '../../common/OperationError';
import { announce } from '../../common/toasts';
import { useNavigate } from '../../PortalContext';
import { ConfirmDialog } from '../ConfirmDialog';
import { ACCOUNT_REQUIRED, AccountSelect, useFormAccount } from '../FormAccount';
import type { ResourceRequest } from '../../../machines/resource';
import { resourceApi, storedRecord } from '../../../machines/resource.api';
import { useActorApi } from '../../actors/useActorApi';
import { useRequest } from '../../common/useOperation';
import { inAccountOrGlobal, usePickerOptions } from '../useReferences';
import { useResource } from '../../actors/useResource';
import { botWriteOutcome, readBotFile, repeatImportMessage, type BotFileSummary } from './botOutcomes';

/**
 * Bot import: upload a file exported from a bot; a bad file gives `Import Failed` with the reason.
 * A file whose bot the account already has (same name, among the bots its pickers know) is
 * imported again only once the user has read what that creates; the outcome names the new bot.
 */
export function BotImport() {
  const bots = useResource('bots');
  const navigate = useNavigate();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<BotFileSummary | null>(null);
  const [reading, setReading] = useState(false);
  const chosenFile = useRef<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const bots$ = useActorApi(bots, resourceApi);
  // The file sent last: its name says what was imported when the server's answer does not.
  const sent = useRef<File | null>(null);
  const request = useRequest<ResourceRequest>(bots$.operationOf('import'), {
    succeeded: () => {
      const created = storedRecord(bots$.outputOf('import'));
      announce(botWriteOutcome('import', created, summary?.name ?? sent.current?.name ?? ''));
      if (!created) return;
      focusHeadingOnArrival(`/bots/${created.id}`);
      navigate.go(`/bots/${created.id}`);
    },
  });
  // Under "All accounts" an imported bot, like a new one, asks whose it is.
  const account = useFormAccount('bots', 'new', null);
  const [accountError, setAccountError] = useState<string | undefined>();
  const target = account.asks ? account.value || null : null;
  const checkable = summary !== null && (!account.asks || target !== null);
  const known = usePickerOptions('bots', target, checkable);
  // Until the file is read and the account's bots are known, "Import bot" cannot tell a repeat
  // from a new bot: it waits (a quick click used to import a repeat without asking).
  const checking = reading || (checkable && known.state === 'loading');
  const sameName = summary ? inAccountOrGlobal(known.records, target).filter((bot) => String(bot.name ?? '').trim().toLowerCase() === summary.name.toLowerCase()) : [];

  const send = (chosen: File) => {
    setConfirming(false);
    const input = account.asks ? { file: chosen, accountId: account.value } : chosen;
    sent.current = chosen;
    request.ask(() => bots$.runAction('import', input));
  };

  return (
    <form
      className="list-toolbar bot-import"
      aria-label="Import a bot"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file || checking) return;
        if (account.asks && !account.value) {
          setAccountError(ACCOUNT_REQUIRED);
          (event.currentTarget.elements.namedItem('account_id') as HTMLElement | null)?.focus();
          return;
        }
        if (sameName.length > 0) setConfirming(true);
        else send(file);
      }}
    >
      {account.asks && (
        <AccountSelect value={account.value} error={accountError} onChange={(value) => { account.choose(value); setAccountError(undefined); }} />
      )}
      <div className="field">
        <label htmlFor={inputId}>Bot file</label>
        <input
          id={inputId}
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setSummary(null);
            chosenFile.current = chosen;
            setReading(chosen !== null);
            // What the file holds (its bot's name) is read here, to warn before a repeated import;
            // a read that finishes after another file was chosen is dropped.
            if (chosen) {
              const settle = (read: BotFileSummary | null) => {
                if (chosenFile.current !== chosen) return;
                setSummary(read);
                setReading(false);
              };
              void fileText(chosen).then((text) => settle(readBotFile(text)), () => settle(null));
            }
          }}
        />
      </div>
      <button type="submit" className="button" disabled={!file || checking || request.busy}>
        {request.busy ? 'Importing…' : checking ? 'Checking the file…' : 'Import bot'}
      </button>
      <OperationError error={request.failure} />
      {confirming && file && summary && (
        <ConfirmDialog
          title={`Import “${summary.name}” again?`}
          message={repeatImportMessage(summary, sameName)}
          confirmLabel="Import another copy"
          busyLabel="Importing…"
          tone="primary"
          onCancel={() => setConfirming(false)}
          onConfirm={() => send(file)}
        />
      )}
    </form>
  );
}

/** A chosen file's text (FileReader: every browser, and the test DOM, which has no Blob.text). */
function fileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
