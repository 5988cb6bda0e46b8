import { MODEL_NAMES } from '../../auth/models';
import type { Statement } from 'better-sqlite3';
import type { Database } from '../connection';
import { seededRandom } from './random';
import {
  ACTIONS, AGENT_ROLES, BOT_NAMES, CLIENT_NAMES, DISPOSITIONS, FEEDBACK, FIRST_NAMES, INSTRUCTIONS, LAST_NAMES, LLMS,
  PHONE_AREAS, ROLE_TEMPLATES, SCORECARDS, TOOLS, WORKFLOWS,
} from './resourceCatalog';

/** Same clock as the conversations seeder: demo data looks recent relative to it. */
const BASE = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY_MS = 86_400_000;

type Insert = (table: string, row: Record<string, unknown>) => number;

/** INSERT of a row object; JSON-able values (objects, arrays) are stored as JSON text. */
function inserter(db: Database): Insert {
  const statements = new Map<string, Statement<unknown[]>>();
  return (table, row) => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare<unknown[]>(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      statements.set(key, statement);
    }
    const values: unknown[] = Object.values(row).map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v));
    return Number(statement.run(...values).lastInsertRowid);
  };
}

interface Picker {
  random: () => number;
  int(max: number): number;
  /** `count` distinct items, in list order. */
  some<T>(items: readonly T[], count: number): T[];
  /** A timestamp within the last `days` days. */
  stamp(days: number): { created_at: string; updated_at: string };
}

function picker(seed: number): Picker {
  const random = seededRandom(seed);
  const int = (max: number) => Math.floor(random() * max);
  return {
    random,
    int,
    some(items, count) {
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, items.length)) chosen.add(int(items.length));
      return [...chosen].sort((a, b) => a - b).map((i) => items[i] as (typeof items)[number]);
    },
    stamp(days) {
      const created = BASE - int(days * DAY_MS);
      const updated = Math.min(BASE, created + int(5 * DAY_MS));
      return { created_at: new Date(created).toISOString(), updated_at: new Date(updated).toISOString() };
    },
  };
}

/** A row of the demo phone-number ranges: `prefix` + two digits. */
function phoneFrom(prefix: string, twoDigits: number): string {
  return `${prefix}${String(twoDigits).padStart(2, '0')}`;
}

function seedPhoneOffers(insert: Insert): void {
  for (const area of PHONE_AREAS) {
    for (let i = 0; i < area.count; i += 1) {
      insert('available_phone_numbers', {
        country_code: area.country, phone_number: phoneFrom(area.prefix, i), locality: area.locality, region: area.region, monthly_cost: area.cost,
      });
    }
  }
}

function seedRoles(insert: Insert, p: Picker, accountId: number): void {
  for (const template of ROLE_TEMPLATES) {
    const roleId = insert('roles', { account_id: accountId, name: template.name, description: template.description, ...p.stamp(200) });
    const models = template.models[0] === '*' ? MODEL_NAMES : template.models;
    const write = template.actions === 'write' ? 1 : 0;
    for (const model of models) {
      insert('role_permissions', { role_id: roleId, model, browse: 1, read: 1, edit: write, add: write, delete: write, level: 1 });
    }
  }
}

/** Links every parent to a few children (deterministic picks). */
function linkSome(insert: Insert, table: string, keys: [string, string], parents: number[], children: number[], p: Picker, min: number, max: number): void {
  for (const parent of parents) {
    for (const child of p.some(children, min + p.int(max - min + 1))) insert(table, { [keys[0]]: parent, [keys[1]]: child });
  }
}

/** Everything of one account, in dependency order. */
function seedAccount(db: Database, insert: Insert, accountId: number, index: number, accountName: string): void {
  const p = picker(4000 + accountId);
  const own = { account_id: accountId };

  const dispositions = DISPOSITIONS.map(([label, description]) => insert('dispositions', { ...own, label, description, ...p.stamp(300) }));
  const scorecards = [false, true].flatMap((strict) =>
    SCORECARDS.map(([name, criteria]) =>
      insert('scorecards', {
        ...own,
        name: strict ? `${name} (strict)` : name,
        description: strict ? 'Stricter weighting for audits.' : `How we grade: ${criteria.map(([label]) => label.toLowerCase()).join(', ')}.`,
        criteria: criteria.map(([label, weight]) => ({ label, weight })),
        ...p.stamp(300),
      }),
    ),
  );
  const llms = [false, true].flatMap((staging) =>
    LLMS.map((llm) => insert('llms', { ...own, ...llm, name: staging ? `${llm.name} (staging)` : llm.name, ...p.stamp(250) })),
  );
  const instructions = [
    ...INSTRUCTIONS.map(([name, text]) => insert('agent_instructions', { ...own, name, instructions: text, ...p.stamp(250) })),
    ...INSTRUCTIONS.slice(0, 10).map(([name, text]) =>
      insert('agent_instructions', { ...own, name: `${name} (Spanish)`, instructions: `${text} Answer in Spanish.`, ...p.stamp(250) }),
    ),
  ];
  const tools = [false, true].flatMap((sandbox) =>
    TOOLS.map((tool) => insert('tools', { ...own, ...tool, name: sandbox ? `${tool.name} (sandbox)` : tool.name, ...p.stamp(250) })),
  );

  // The demo agent first: the demo bot's single agent, on the offline demo model.
  const demoAgent = insert('agents', {
    ...own, name: 'Demo agent', description: 'Answers the demo bot’s chats.', llm_id: llms[0], agent_instruction_id: instructions[0], ...p.stamp(60),
  });
  for (const tool of [tools[0], tools[5]]) insert('agent_tools', { agent_id: demoAgent, tool_id: tool });
  const agents = [demoAgent];
  for (let i = 0; i < 21; i += 1) {
    const role = AGENT_ROLES[i % AGENT_ROLES.length] as string;
    agents.push(
      insert('agents', {
        ...own,
        name: i < AGENT_ROLES.length ? `${role} agent` : `${role} agent (Spanish)`,
        description: `Handles ${role.toLowerCase()} conversations.`,
        llm_id: llms[1 + (i % (llms.length - 1))],
        agent_instruction_id: instructions[(i + 1) % instructions.length],
        ...p.stamp(200),
      }),
    );
  }
  linkSome(insert, 'agent_tools', ['agent_id', 'tool_id'], agents.slice(1), tools, p, 1, 3);

  const lines = ['Main line', 'Support line', 'Sales line', 'Billing line', 'After-hours line', 'Bookings line', 'Outbound campaigns',
    'Website chat', 'VIP line', 'Spanish line', 'Test line'];
  const instances = [...lines, ...lines.map((l) => `${l} (backup)`)].map((name, i) => {
    const area = PHONE_AREAS[i % PHONE_AREAS.length] as (typeof PHONE_AREAS)[number];
    return insert('instances', {
      ...own,
      name,
      // Seeded numbers use 50–99 of each range (offers use 00–49): unique across accounts.
      phone_number: i < 12 ? phoneFrom(area.prefix, 50 + index * 15 + i) : null,
      status: i % 5 === 4 ? 'paused' : 'active',
      ...p.stamp(365),
    });
  });
  linkSome(insert, 'instance_dispositions', ['instance_id', 'disposition_id'], instances, dispositions, p, 1, 4);
  linkSome(insert, 'instance_scorecards', ['instance_id', 'scorecard_id'], instances, scorecards, p, 0, 2);

  const bots = [
    insert('bots', {
      ...own, name: 'Demo Bot', description: `The ${accountName} demo bot: try it from Chat.`,
      greeting: `Hi! I am the ${accountName} demo bot. Ask me about orders, bookings or billing.`, instance_id: instances[0], ...p.stamp(30),
    }),
  ];
  insert('bot_agents', { bot_id: bots[0], agent_id: demoAgent, position: 0 });
  BOT_NAMES.forEach((name, i) => {
    const botId = insert('bots', {
      ...own, name, description: `${name} for ${accountName}.`, greeting: `Thanks for contacting ${accountName}. How can I help?`,
      instance_id: i < 7 ? instances[i + 1] : null, ...p.stamp(200),
    });
    bots.push(botId);
    p.some(agents.slice(1), 1 + p.int(3)).forEach((agentId, position) => insert('bot_agents', { bot_id: botId, agent_id: agentId, position }));
  });
  // Both directions agree: instance k answers with bot k (for the first eight).
  const setBot = db.prepare('UPDATE instances SET bot_id = ? WHERE id = ?');
  for (let k = 0; k < 8; k += 1) setBot.run(bots[k], instances[k]);

  const actions = [false, true].flatMap((test) =>
    ACTIONS.map((action) => insert('actions', { ...own, ...action, name: test ? `${action.name} (test)` : action.name, ...p.stamp(250) })),
  );

  const contacts: number[] = [];
  for (let i = 0; i < 65; i += 1) {
    const first = FIRST_NAMES[(i + index * 5) % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(i * 7 + index * 3) % LAST_NAMES.length] as string;
    const area = PHONE_AREAS[(i + index) % 6] as (typeof PHONE_AREAS)[number];
    contacts.push(
      insert('contacts', {
        ...own,
        name: `${first} ${last}`,
        phone_number: i % 9 === 8 ? null : `${area.prefix.slice(0, 4)}555${String(100 + ((i * 13 + index * 31) % 100)).padStart(4, '0')}`,
        email: i % 7 === 6 ? null : `${first}.${last}${i}@example.${['com', 'org', 'net'][index]}`.toLowerCase(),
        notes: i % 4 === 0 ? 'Prefers a call in the afternoon.' : i % 4 === 1 ? 'Existing customer since 2021.' : null,
        ...p.stamp(400),
      }),
    );
  }

  const uuids = (db.prepare('SELECT uuid FROM conversations WHERE account_id = ? ORDER BY id').all(accountId) as { uuid: string }[]).map((r) => r.uuid);
  const statuses = ['new', 'new', 'reviewed', 'resolved'] as const;
  for (let i = 0; i < 45; i += 1) {
    const [rating, comment] = FEEDBACK[(i * 4 + index) % FEEDBACK.length] as [number, string];
    insert('feedback', {
      ...own, conversation_uuid: i % 6 === 5 ? null : (uuids[i % Math.max(1, uuids.length)] ?? null), rating, comment,
      status: statuses[(i + index) % statuses.length], ...p.stamp(60),
    });
  }

  const workflows = [false, true].flatMap((eu) =>
    WORKFLOWS.map((workflow, i) =>
      insert('workflows', {
        ...own,
        ...workflow,
        name: eu ? `${workflow.name} (EU)` : workflow.name,
        steps: p.some(actions, 1 + (i % 3)).map((actionId, s) => ({ name: `Step ${s + 1}`, action_id: actionId })),
        ...p.stamp(200),
      }),
    ),
  );
  linkSome(insert, 'workflow_dispositions', ['workflow_id', 'disposition_id'], workflows, dispositions, p, 1, 4);
  const linkStatuses = ['pending', 'active', 'done'] as const;
  for (const workflowId of workflows) {
    for (const contactId of p.some(contacts, p.int(9))) {
      const status = linkStatuses[p.int(3)] as string;
      insert('workflow_contacts', {
        workflow_id: workflowId, contact_id: contactId, status, attempts: status === 'pending' ? 0 : 1 + p.int(3),
        scheduled_at: status === 'done' ? null : new Date(BASE + (1 + p.int(14)) * DAY_MS).toISOString(), ...p.stamp(30),
      });
    }
  }

  CLIENT_NAMES.forEach((name) => insert('clients', { ...own, name, ...p.stamp(500) }));

  seedRoles(insert, p, accountId);
  const roles = (db.prepare('SELECT id FROM roles WHERE account_id = ? ORDER BY id').all(accountId) as { id: number }[]).map((r) => r.id);
  linkSome(insert, 'role_dispositions', ['role_id', 'disposition_id'], roles, dispositions, p, 2, 5);
  linkSome(insert, 'role_scorecards', ['role_id', 'scorecard_id'], roles, scorecards, p, 1, 3);
}

const DESCRIPTIONS = ['Customer support for consumer accounts.', 'Outbound and inbound sales.', 'Patient care and appointment lines.'];

/**
 * Demo rows of every resource section for each account (docs/resources-contract.md): enough
 * that lists have several pages at the default page size of 15, the same on every run.
 */
export function seedResources(db: Database): void {
  const insert = inserter(db);
  const accounts = db.prepare('SELECT id, name FROM accounts ORDER BY id').all() as { id: number; name: string }[];
  const describe = db.prepare('UPDATE accounts SET description = ? WHERE id = ?');
  accounts.forEach((account, index) => {
    describe.run(DESCRIPTIONS[index % DESCRIPTIONS.length], account.id);
    seedAccount(db, insert, account.id, index, account.name);
  });
  seedPhoneOffers(insert);
}
