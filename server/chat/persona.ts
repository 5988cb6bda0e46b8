import type { Database } from '../db/connection';

/** Who answers a chat: a bot's name, greeting, its first agent's instructions and LLM. */
export interface Persona {
  botId: number | null;
  instanceId: number | null;
  name: string;
  greeting: string;
  instructions: string;
  /** `apiKey`: the record's own key (write-only in the API), never shown to anyone. */
  llm: { provider: string; model: string; baseUrl: string | null; temperature: number | null; maxTokens: number | null; apiKey?: string | null } | null;
}

export const DEMO_PERSONA: Persona = {
  botId: null,
  instanceId: null,
  name: 'Demo bot',
  greeting: 'Hello! I am the demo bot. Ask me anything.',
  instructions: 'You are a friendly demo assistant. Answer briefly and politely.',
  llm: null,
};

/**
 * The bots, agents and instances tables are built by another area and may not exist (or may lack
 * a column) in a given database: every read is guarded, and a failed read means "not known",
 * so the gateway still answers with the demo persona.
 */
function guarded<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

interface BotRow { id: number; account_id: number | null; name: string; greeting: string | null }
interface AgentRow { instructions: string | null; llm_id: number | null }
interface LlmRow { provider: string; model: string; base_url: string | null; temperature: number | null; max_tokens: number | null; api_key: string | null }
export interface InstanceRow { id: number; account_id: number | null; name: string | null; bot_id: number | null; phone_number: string | null }

export function findInstance(db: Database, id: number): InstanceRow | null | undefined {
  return guarded(() => (db.prepare('SELECT id, account_id, name, bot_id, phone_number FROM instances WHERE id = ?').get(id) as InstanceRow | undefined) ?? null);
}

/** Whether a table exists (so "unknown id" can be told apart from "table not built yet"). */
export function hasTable(db: Database, name: string): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
}

/**
 * The persona for a chat with `botId` or `instanceId` (the instance's bot), visible to a user of
 * `accountId` (null = every account). Unknown or out-of-scope bots fall back to the demo persona.
 */
export function resolvePersona(db: Database, target: { botId?: number | null; instanceId?: number | null }, accountId: number | null): Persona {
  let botId = target.botId ?? null;
  const instanceId = target.instanceId ?? null;
  if (botId === null && instanceId !== null) {
    const instance = findInstance(db, instanceId);
    if (instance && (accountId === null || instance.account_id === accountId)) botId = instance.bot_id;
  }
  if (botId === null) return { ...DEMO_PERSONA, instanceId };
  const bot = guarded(() => db.prepare('SELECT id, account_id, name, greeting FROM bots WHERE id = ?').get(botId) as BotRow | undefined);
  if (!bot || (accountId !== null && bot.account_id !== accountId)) return { ...DEMO_PERSONA, instanceId };
  const agent = guarded(
    () =>
      db
        .prepare(`
          SELECT ai.instructions AS instructions, a.llm_id AS llm_id
          FROM bot_agents ba JOIN agents a ON a.id = ba.agent_id
          LEFT JOIN agent_instructions ai ON ai.id = a.agent_instruction_id
          WHERE ba.bot_id = ? ORDER BY ba.position, a.id LIMIT 1`)
        .get(bot.id) as AgentRow | undefined,
  );
  const llmRow = agent?.llm_id
    ? guarded(() => db.prepare('SELECT provider, model, base_url, temperature, max_tokens, api_key FROM llms WHERE id = ?').get(agent.llm_id) as LlmRow | undefined)
    : undefined;
  return {
    botId: bot.id,
    instanceId,
    name: bot.name,
    greeting: bot.greeting?.trim() || `Hello! I am ${bot.name}. How can I help?`,
    instructions: agent?.instructions?.trim() || DEMO_PERSONA.instructions,
    llm: llmRow
      ? { provider: llmRow.provider, model: llmRow.model, baseUrl: llmRow.base_url, temperature: llmRow.temperature, maxTokens: llmRow.max_tokens, apiKey: llmRow.api_key }
      : null,
  };
}
