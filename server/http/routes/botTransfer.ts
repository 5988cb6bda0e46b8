import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Statement } from 'better-sqlite3';
import { can, permissionsOf } from '../../auth/permissions';
import type { Database } from '../../db/connection';
import { guard, insertRow, loadScoped, recordById } from '../crud';
import { sendAttachment } from '../csv';
import { fieldError, HttpError } from '../errors';
import { decimal, integer, jsonObject, oneOf, optionalText, optionalUrl, requiredString } from '../fields';
import type { RouterFactory } from '../routerFactory';
import { isMultipart, readMultipart } from '../multipart';
import { targetAccountId } from '../ownership';
import { sendRecord } from '../record';
import type { Row } from '../resource';
import { laravelMessage } from '../validation';
import { agentResource } from './agents';
import { botResource } from './bots';
import { checkedBaseUrl, LLM_PROVIDERS } from './llms';
import { TOOL_KINDS } from './tools';

export const BOT_EXPORT_FORMAT = 'agent-portal.bot';
export const BOT_EXPORT_VERSION = 1;

/**
 * The largest import (docs/resources-contract.md "bot import"): at most 2 MB (413 above), 100
 * agents, 50 tools per agent and 500 tools in all (422 above). Sized so the largest import
 * runs in one short transaction (`npm run bench:api` measures it; goal under 100 ms).
 */
export const IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, agents: 100, toolsPerAgent: 50, tools: 500 } as const;

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
  tools: z.array(toolSchema).max(IMPORT_LIMITS.toolsPerAgent).optional(),
});
/** The exported file (docs/resources-contract.md, "bot export"). */
export const botExportSchema = z.object({
  format: z.literal(BOT_EXPORT_FORMAT),
  version: z.literal(BOT_EXPORT_VERSION),
  bot: z.object({ name: requiredString(), description: optionalText(2000), greeting: optionalText(2000) }),
  agents: z.array(agentSchema).max(IMPORT_LIMITS.agents),
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

/** Which linked models the exporting caller may read; what they may not read is left out. */
export interface ExportVisibility {
  llms: boolean;
  instructions: boolean;
  tools: boolean;
}

const EVERYTHING: ExportVisibility = { llms: true, instructions: true, tools: true };

/**
 * The bot with its agents, each with its instructions, LLM and tools: everything to rebuild it
 * elsewhere, except the models `visible` says the caller may not read (null / []).
 */
export function exportBot(db: Database, bot: Row, visible: ExportVisibility = EVERYTHING): BotExport {
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
      instructions: a.i_name === null || !visible.instructions ? null : { name: String(a.i_name), instructions: String(a.i_text) },
      llm:
        a.l_name === null || !visible.llms
          ? null
          : {
              name: String(a.l_name), provider: a.provider as (typeof LLM_PROVIDERS)[number],
              model: String(a.model), base_url: a.base_url as string | null, temperature: Number(a.temperature), max_tokens: Number(a.max_tokens),
            },
      tools: (visible.tools ? (toolsOf.all(a.id) as Record<string, string | null>[]) : []).map((t) => ({
        name: String(t.name),
        description: t.description ?? null,
        kind: t.kind as (typeof TOOL_KINDS)[number],
        parameters: parseJson(t.parameters ?? null) as Record<string, unknown>,
      })),
    })),
  };
}

/**
 * "The row of `table` in `accountId` equal to `values` on every column, else a new one", with
 * statements prepared once per import and lookups on the (account_id, name) index (migration
 * security-002), plus a memo so a file repeating a record looks it up once.
 */
function recordFinder(db: Database, accountId: number) {
  const statements = new Map<string, { find: Statement; insert: Statement }>();
  const memo = new Map<string, number>();
  return (table: string, values: Record<string, unknown> & { name: string }): number => {
    const columns = Object.keys(values);
    const shape = `${table}|${columns.join(',')}`;
    const key = `${shape}|${JSON.stringify(Object.values(values))}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let statement = statements.get(shape);
    if (!statement) {
      const where = columns.filter((c) => c !== 'name').map((c) => ` AND "${c}" IS ?`).join('');
      statement = {
        find: db.prepare(`SELECT id FROM ${table} WHERE account_id = ? AND name = ?${where} ORDER BY id LIMIT 1`),
        insert: db.prepare(`INSERT INTO ${table} (account_id, ${columns.map((c) => `"${c}"`).join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`),
      };
      statements.set(shape, statement);
    }
    const others = columns.filter((c) => c !== 'name').map((c) => values[c]);
    const existing = statement.find.get(accountId, values.name, ...others) as { id: number } | undefined;
    const id = existing ? existing.id : Number(statement.insert.run(accountId, ...Object.values(values)).lastInsertRowid);
    memo.set(key, id);
    return id;
  };
}

/** Lets other requests run (I/O callbacks come before setImmediate). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Agents whose shared records (instructions, LLM, tools) are found or created per transaction. */
const SHARED_RECORDS_CHUNK = 20;

/**
 * Rebuilds an exported bot in `accountId`: a new bot and new agents; instructions, LLMs and
 * tools identical to ones the account already has are reused, so re-importing does not pile up
 * copies of them. Returns the new bot's id.
 *
 * Two phases keep every event-loop block short: the reusable records are found or created a
 * chunk of agents at a time with other requests served in between (a failure later leaves at
 * most reusable records behind), then the bot, its agents and their links are written in one
 * transaction, all or nothing.
 */
export async function importBot(db: Database, accountId: number, file: BotExport, pause: () => Promise<void> = yieldToOthers): Promise<number> {
  const findOrCreate = recordFinder(db, accountId);
  const shared: { instructionId: number | null; llmId: number | null; toolIds: number[] }[] = [];
  for (let first = 0; first < file.agents.length; first += SHARED_RECORDS_CHUNK) {
    db.transaction(() => {
      for (const agent of file.agents.slice(first, first + SHARED_RECORDS_CHUNK)) {
        shared.push({
          instructionId: agent.instructions ? findOrCreate('agent_instructions', agent.instructions) : null,
          llmId: agent.llm ? findOrCreate('llms', { temperature: 0.7, max_tokens: 1024, base_url: null, ...agent.llm }) : null,
          toolIds: (agent.tools ?? []).map((tool) =>
            findOrCreate('tools', { name: tool.name, description: tool.description ?? null, kind: tool.kind, parameters: JSON.stringify(tool.parameters ?? {}) }),
          ),
        });
      }
    })();
    await pause();
  }
  return db.transaction(() => {
    const linkTool = db.prepare('INSERT OR IGNORE INTO agent_tools (agent_id, tool_id) VALUES (?, ?)');
    const linkAgent = db.prepare('INSERT INTO bot_agents (bot_id, agent_id, position) VALUES (?, ?, ?)');
    const botId = insertRow(db, botResource, { account_id: accountId, ...file.bot });
    for (const [position, agent] of file.agents.entries()) {
      const { instructionId, llmId, toolIds } = shared[position]!;
      const agentId = insertRow(db, agentResource, {
        account_id: accountId, name: agent.name, description: agent.description ?? null, llm_id: llmId, agent_instruction_id: instructionId,
      });
      for (const toolId of toolIds) linkTool.run(agentId, toolId);
      // The bot is new: positions are the file's order.
      linkAgent.run(botId, agentId, position);
    }
    return botId;
  })();
}

const importFailed = (reason: string) => fieldError('file', reason);
const tooLarge = () => new HttpError(413, `The import file may be at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB.`);

/** Reads the upload: multipart `file`, JSON `{import: object | text}`, or the export object itself. */
async function importPayload(req: Request): Promise<unknown> {
  if (isMultipart(req.get('content-type'))) {
    const parts = await readMultipart(req, { fileBytes: IMPORT_LIMITS.bytes }, tooLarge);
    // Text fields (account_id from the global filter) become the body, as for a JSON request.
    req.body = Object.fromEntries(parts.filter((p) => p.filename === undefined).map((p) => [p.name, p.data.toString('utf8')]));
    const file = parts.find((p) => p.name === 'file');
    if (!file) throw importFailed('The file field is required.');
    return parseFileText(file.data.toString('utf8'));
  }
  // A JSON request: its body is (almost) the file; Content-Length tells its size without re-serialising.
  if (Number(req.get('content-length') ?? 0) > IMPORT_LIMITS.bytes) throw tooLarge();
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
  if (result.success) {
    const tools = result.data.agents.reduce((sum, agent) => sum + (agent.tools?.length ?? 0), 0);
    if (tools > IMPORT_LIMITS.tools) throw importFailed(`The file is not a valid bot export: an import may hold at most ${IMPORT_LIMITS.tools} tools.`);
    result.data.agents.forEach((agent, index) => {
      if (agent.llm?.base_url) checkedBaseUrlOf(agent.llm.base_url, `agents.${index}.llm.base_url`);
    });
    return result.data;
  }
  const issue = result.error.issues[0];
  const reason = issue ? laravelMessage(issue, valueAt(payload, issue.path)) : 'The file is invalid.';
  throw importFailed(`The file is not a valid bot export: ${reason}`);
}

/**
 * An import creates the LLMs, instructions and tools it carries: the caller must be allowed to
 * add those, or a Bots-only user could create LLMs (with any base_url) through the back door.
 */
function assertMayCreateLinked(req: Request, file: BotExport): void {
  const set = permissionsOf(req);
  const needs = {
    LLMs: file.agents.some((a) => a.llm),
    AgentInstructions: file.agents.some((a) => a.instructions),
    Tools: file.agents.some((a) => (a.tools?.length ?? 0) > 0),
  } as const;
  const missing = (Object.keys(needs) as (keyof typeof needs)[]).filter((model) => needs[model] && !can(set, model, 'add'));
  if (missing.length > 0) throw new HttpError(403, 'You may not add LLMs, agent instructions or tools, which this file contains.');
}

/** checkedBaseUrl's rule with the file's path in the message. */
function checkedBaseUrlOf(value: string, path: string): void {
  try {
    checkedBaseUrl(value);
  } catch (error) {
    if (error instanceof HttpError) throw importFailed(`The file is not a valid bot export: ${path}: ${error.message}`);
    throw error;
  }
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
    const set = permissionsOf(req);
    const visible = { llms: can(set, 'LLMs', 'read'), instructions: can(set, 'AgentInstructions', 'read'), tools: can(set, 'Tools', 'read') };
    const body = JSON.stringify(exportBot(ctx.db, bot, visible), null, 2);
    sendAttachment(res, `bot-${bot.id}-${slug(bot.name)}.json`, 'application/json; charset=utf-8', body);
  });

  router.post('/bots', guard(botResource, 'add'), async (req, res, next) => {
    const payload = await importPayload(req);
    if (payload === undefined) return next();
    // Parsing, validating and writing are each bounded by IMPORT_LIMITS; letting other requests
    // run between them keeps the longest event-loop block to the largest of the three.
    await yieldToOthers();
    const file = validateExport(payload);
    assertMayCreateLinked(req, file);
    await yieldToOthers();
    const botId = await importBot(ctx.db, targetAccountId(req, ctx.db, botResource.model), file);
    sendRecord(res, recordById(ctx.db, botResource, botId), 201);
  });

  return router;
};
