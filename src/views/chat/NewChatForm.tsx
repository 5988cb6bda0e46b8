import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Target } from '../../api/calls';
import type { ChatTarget } from '../../machines/chatStream';
import { OperationError } from '../common/OperationError';
import { SearchablePicker } from '../common/SearchablePicker';
import { useAccountOfEach } from '../common/useNamesWithAccounts';
import { usePortal } from '../PortalContext';
import { useTargets } from './useTargets';

const DEMO = '';

/** Start a chat with a bot, or with an instance's bot; the gateway's demo bot when nothing is chosen. */
export function NewChatForm({ connected, onOpen }: { connected: boolean; onOpen: (title: string, target: ChatTarget) => void }) {
  const bots = useTargets('bots');
  const instances = useTargets('instances');
  // `/chat?bot=<id>` (the command palette's "Start a chat with this bot") chooses that bot, and focus waits on "New chat".
  const [botAsked] = useState(() => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('bot')));
  const [choice, setChoice] = useState(botAsked ? `bot:${botAsked}` : DEMO);
  const submit = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  // Focus comes once the form is whole: connected, and the bots answered (the picker then names
  // the chosen bot; before, it was empty and Enter opened a chat titled "Bot <id>").
  const botsAnswered = !bots.loading && (!bots.permitted || bots.missing || bots.error !== null || bots.items.length > 0);
  useEffect(() => {
    if (!botAsked || !connected || !botsAnswered || focused.current) return;
    focused.current = true;
    submit.current?.focus();
  }, [botAsked, connected, botsAnswered]);
  // Another account in the filter: once its bots and instances have loaded again, a choice it
  // does not offer goes back to the demo bot (the picker never holds another account's bot).
  const accountId = useSelector(usePortal().accountFilter, (s) => s.context.accountId);
  const reload = useRef<{ account: string | null; phase: 'done' | 'asked' | 'loading' }>({ account: accountId, phase: 'done' });
  const loading = bots.loading || instances.loading;
  useEffect(() => {
    const r = reload.current;
    if (r.account !== accountId) reload.current = { account: accountId, phase: loading ? 'loading' : 'asked' };
    else if (r.phase === 'asked' && loading) r.phase = 'loading';
    else if (r.phase === 'loading' && !loading) {
      r.phase = 'done';
      const [kind, id] = choice.split(':');
      const offered = kind === 'bot' ? bots.items : kind === 'instance' ? instances.items : null;
      if (offered && !offered.some((item) => item.id === id)) setChoice(DEMO);
    }
  }, [accountId, loading, bots.items, instances.items, choice]);
  // Under "All accounts" every account has its own "Demo Bot": each item says whose it is.
  const accountOf = useAccountOfEach([...bots.items, ...instances.items]);
  const unavailable = [bots.permitted && bots.missing && 'bots', instances.permitted && instances.missing && 'instances'].filter(Boolean);

  const start = () => {
    const [kind, id] = choice.split(':');
    const withAccount = (item: Target | undefined, target: ChatTarget): ChatTarget => {
      const account = item?.account_id;
      return typeof account === 'string' || typeof account === 'number' ? { ...target, accountId: String(account) } : target;
    };
    if (kind === 'bot' && id) {
      const bot = bots.items.find((b) => b.id === id);
      onOpen(bot?.name ?? `Bot ${id}`, withAccount(bot, { botId: id }));
    } else if (kind === 'instance' && id) {
      const instance = instances.items.find((i) => i.id === id);
      onOpen(instance?.name ?? `Instance ${id}`, withAccount(instance, { instanceId: id }));
    }
    else onOpen('Demo bot', {});
  };

  return (
    <form
      className="chat-new"
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      <SearchablePicker
        label="Chat with"
        value={choice}
        onChange={setChoice}
        busy={bots.loading || instances.loading}
        options={[
          { value: DEMO, label: 'Demo bot (default)' },
          ...bots.items.map((bot) => ({ value: `bot:${bot.id}`, label: bot.name ?? `Bot ${bot.id}`, group: 'Bots', detail: accountOf(bot.account_id) })),
          ...instances.items.map((instance) => ({ value: `instance:${instance.id}`, label: instance.name ?? `Instance ${instance.id}`, group: 'Instances', detail: accountOf(instance.account_id) })),
        ]}
      />
      {(bots.loading || instances.loading) && <p className="chat-hint" role="status">Loading bots and instances…</p>}
      {unavailable.length > 0 && (
        <p className="chat-hint" role="status">
          This API does not list {unavailable.join(' or ')} yet; you can still chat with the demo bot.
        </p>
      )}
      <OperationError error={bots.error} />
      <OperationError error={instances.error} />
      <button type="submit" className="button button-primary" disabled={!connected} ref={submit}>
        New chat
      </button>
    </form>
  );
}
