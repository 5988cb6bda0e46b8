import { useEffect, useRef, useState } from 'react';
import type { Target } from '../../api/calls';
import type { ChatTarget } from '../../machines/chatStream';
import { OperationError } from '../common/OperationError';
import { useNamesWithAccounts } from '../common/useNamesWithAccounts';
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
  useEffect(() => {
    if (!botAsked || !connected || focused.current) return;
    focused.current = true;
    submit.current?.focus();
  }, [botAsked, connected]);
  // Under "All accounts" every account has its own "Demo Bot": a name that repeats says whose it is.
  const botName = useNamesWithAccounts(bots.items.map((b) => ({ id: b.id, name: b.name ?? `Bot ${b.id}`, account_id: b.account_id })));
  const instanceName = useNamesWithAccounts(instances.items.map((i) => ({ id: i.id, name: i.name ?? `Instance ${i.id}`, account_id: i.account_id })));
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
      <label className="field">
        <span>Chat with</span>
        <select value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value={DEMO}>Demo bot (default)</option>
          {bots.items.length > 0 && (
            <optgroup label="Bots">
              {bots.items.map((bot) => (
                <option key={bot.id} value={`bot:${bot.id}`}>
                  {botName(bot.id, bot.name ?? `Bot ${bot.id}`)}
                </option>
              ))}
            </optgroup>
          )}
          {instances.items.length > 0 && (
            <optgroup label="Instances">
              {instances.items.map((instance) => (
                <option key={instance.id} value={`instance:${instance.id}`}>
                  {instanceName(instance.id, instance.name ?? `Instance ${instance.id}`)}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
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
