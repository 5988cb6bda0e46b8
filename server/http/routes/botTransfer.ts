import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { guard, insertRow, loadScoped, recordById } from '../crud';
import { sendAttachment } from '../csv';
import { fieldError } from '../errors';
import { decimal, integer, jsonObject, oneOf, optionalText, optionalUrl, requiredString } from '../fields';
import type { RouterFactory } from '../routerFactory';
import { isMultipart, parseMultipart, rawMultipart } from '../multipart';
import { targetAccountId } from '../ownership';
import { sendRecord } from '../record';
import type { Row } from '../resource';
import { laravelMessage } from '../validation';
import { agentResource } from './agents';
import { botResource, nextAgentPosition } from './bots';
import { LLM_PROVIDERS } from './llms';
import { TOOL_KINDS } from './tools';

export const BOT_EXPORT_FORMAT = 'agent-portal.bot';
export const BOT_EXPORT_VERSION = 1;

const llmSchema = z.object({
  name: requiredString(),
  provider: oneOf(LLM_PROVIDERS),
  model: requiredString(),
  base_url: optionalUrl,
  temperature: decimal(0, 2).optional(),
  max_tokens: integer(1, 200_000).optional(),
});
const toolSchema = z.object({
  name: requiredString(),
  description: optionalText(2000),
  kind: oneOf(TOOL_KINDS),
  parameters: jsonObject.optional(),
});
const agentSchema = z.object({
  name: requiredString(),
  description: optionalText(2000),
  instructions: z.object({ name: requiredString(), instructions: requiredString(20_000) }).nullable().optional(),
  llm: llmSchema.nullable().optional(),
  tools: z.array(toolSchema).max(100).optional(),
});
/** The exported file (docs/resources-contract.md, "bot export"). */
export const botExportSchema = z.object({
  format: z.literal(BOT_EXPORT_FORMAT),
  version: z.literal(BOT_EXPORT_VERSION),
  bot: z.object({ name: requiredString(), description: optionalText(2000), greeting: optionalText(2000) }),
  agents: z.array(agentSchema).max(100),
});
type BotExport = z.infer<typeof botExportSchema>;

function slug(name: unknown): string {
  return String(name).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'bot';
}

function parseJson(text: string | null): unknown {
  if (text === null) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The bot with its agents, each with its instructions, LLM and tools: everything to rebuild it elsewhere. */
export function exportBot(db: Database, bot: Row): BotExport {
  const agents = db
    .prepare(`SELECT a.id, a.name, a.description, i.name AS i_name, i.instructions AS i_text,
                     l.name AS l_name, l.provider, l.model, l.base_url, l.temperature, l.max_tokens
              FROM bot_agents ba JOIN agents a ON a.id = ba.agent_id
              LEFT JOIN agent_instructions i ON i.id = a.agent_instruction_id
              LEFT JOIN llms l ON l.id = a.llm_id
              WHERE ba.bot_id = ? ORDER BY ba.position, a.id`)
    .all(bot.id) as Record<string, string | number | null>[];
  const toolsOf = db.prepare(
    'SELECT t.name, t.description, t.kind, t.parameters FROM agent_tools at JOIN tools t ON t.id = at.tool_id WHERE at.agent_id = ? ORDER BY t.id',
  );
  return {
    format: BOT_EXPORT_FORMAT,
    version: BOT_EXPORT_VERSION,
    bot: { name: String(bot.name), description: (bot.description as string | null) ?? null, greeting: (bot.greeting as string | null) ?? null },
    agents: agents.map((a) => ({
      name: String(a.name),
      description: a.description as string | null,
      instructions: a.i_name === null ? null : { name: String(a.i_name), instructions: String(a.i_text) },
      llm:
        a.l_name === null
          ? null
          : {
              name: String(a.l_name), provider: a.provider as (typeof LLM_PROVIDERS)[number],
              model: String(a.model), base_url: a.base_url as string | null, temperature: Number(a.temperature), max_tokens: Number(a.max_tokens),
            },
      tools: (toolsOf.all(a.id) as Record<string, string | null>[]).map((t) => ({
        name: String(t.name),
        description: t.description ?? null,
        kind: t.kind as (typeof TOOL_KINDS)[number],
        parameters: parseJson(t.parameters ?? null) as Record<string, unknown>,
      })),
    })),
  };
}

/** The row of `table` in `accountId` equal to `values` on every column, else a new one. */
function findOrCreate(db: Database, table: string, accountId: number, values: Record<string, unknown>): number {
  const columns = Object.keys(values);
  const where = columns.map((c) => `"${c}" IS ?`).join(' AND ');
  const existing = db.prepare(`SELECT id FROM ${table} WHERE account_id = ? AND ${where} ORDER BY id LIMIT 1`).get(accountId, ...Object.values(values)) as
    | { id: number }
    | undefined;
  if (existing) return existing.id;
  const sql = `INSERT INTO ${table} (account_id, ${columns.map((c) => `"${c}"`).join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`;
  return Number(db.prepare(sql).run(accountId, ...Object.values(values)).lastInsertRowid);
}

/**
 * Rebuilds an exported bot in `accountId`: a new bot and new agents; instructions, LLMs and
 * tools identical to ones the account already has are reused, so re-importing does not pile up
 * copies of them. Returns the new bot's id.
 */
export function importBot(db: Database, accountId: number, file: BotExport): number {
  return db.transaction(() => {
    const botId = insertRow(db, botResource, { account_id: accountId, ...file.bot });
    for (const agent of file.agents) {
      const instructionId = agent.instructions ? findOrCreate(db, 'agent_instructions', accountId, agent.instructions) : null;
      const llmId = agent.llm
        ? findOrCreate(db, 'llms', accountId, { temperature: 0.7, max_tokens: 1024, base_url: null, ...agent.llm })
        : null;
      const agentId = insertRow(db, agentResource, {
        account_id: accountId, name: agent.name, description: agent.description ?? null, llm_id: llmId, agent_instruction_id: instructionId,
      });
      for (const tool of agent.tools ?? []) {
        const toolId = findOrCreate(db, 'tools', accountId, {
          name: tool.name, description: tool.description ?? null, kind: tool.kind, parameters: JSON.stringify(tool.parameters ?? {}),
        });
        db.prepare('INSERT OR IGNORE INTO agent_tools (agent_id, tool_id) VALUES (?, ?)').run(agentId, toolId);
      }
      db.prepare('INSERT INTO bot_agents (bot_id, agent_id, position) VALUES (?, ?, ?)').run(botId, agentId, nextAgentPosition(db, botId));
    }
    return botId;
  })();
}

const importFailed = (reason: string) => fieldError('file', reason);

/** Reads the upload: multipart `file`, JSON `{import: object | text}`, or the export object itself. */
function importPayload(req: Request): unknown | undefined {
  if (isMultipart(req.get('content-type'))) {
    const parts = Buffer.isBuffer(req.body) ? parseMultipart(req.body, req.get('content-type') ?? '') : [];
    // Text fields (account_id from the global filter) become the body, as for a JSON request.
    req.body = Object.fromEntries(parts.filter((p) => p.filename === undefined).map((p) => [p.name, p.data.toString('utf8')]));
    const file = parts.find((p) => p.name === 'file');
    if (!file) throw importFailed('The file field is required.');
    return parseFileText(file.data.toString('utf8'));
  }
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && 'import' in body) {
    return typeof body.import === 'string' ? parseFileText(body.import) : body.import;
  }
  if (body && typeof body === 'object' && body.format === BOT_EXPORT_FORMAT) return body;
  return undefined;
}

function parseFileText(text: string): unknown {
  if (text.trim() === '') throw importFailed('The file is empty.');
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw importFailed('The file is not valid JSON.');
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

/** Why a parsed file is not a bot export, in one sentence the portal shows under "Import Failed". */
function validateExport(payload: unknown): BotExport {
  if (typeof payload !== 'object' || payload === null || (payload as { format?: unknown }).format !== BOT_EXPORT_FORMAT) {
    throw importFailed(`The file is not a bot export (format must be "${BOT_EXPORT_FORMAT}").`);
  }
  const version = (payload as { version?: unknown }).version;
  if (version !== BOT_EXPORT_VERSION) throw importFailed(`Unsupported bot export version: ${JSON.stringify(version ?? null)}.`);
  const result = botExportSchema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const reason = issue ? laravelMessage(issue, valueAt(payload, issue.path)) : 'The file is invalid.';
  throw importFailed(`The file is not a valid bot export: ${reason}`);
}

/**
 * GET /bots/{id}/export → the bot as a JSON file; POST /bots/ with a file → the imported bot
 * (201 `{data}`); a bad file → 422 with the reason in `errors.file`. Any other POST /bots/ is a
 * plain create and falls through to the CRUD router.
 */
export const botTransferRoutes: RouterFactory = (ctx) => {
  const router = Router();

  router.get('/bots/:id/export', guard(botResource, 'read'), (req, res) => {
    const bot = loadScoped(req, ctx.db, botResource);
    const body = JSON.stringify(exportBot(ctx.db, bot), null, 2);
    sendAttachment(res, `bot-${bot.id}-${slug(bot.name)}.json`, 'application/json; charset=utf-8', body);
  });

  router.post('/bots', guard(botResource, 'add'), rawMultipart, (req, res, next) => {
    const payload = importPayload(req);
    if (payload === undefined) return next();
    const file = validateExport(payload);
    const botId = importBot(ctx.db, targetAccountId(req, ctx.db, botResource.model), file);
    sendRecord(res, recordById(ctx.db, botResource, botId), 201);
  });

  return router;
};
