import { NOW, type Migration } from '../migrations';

/** id, account_id and timestamps every account-owned resource table starts with. */
const OWNED = `
        id         INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,`;
const STAMPS = `
        created_at TEXT NOT NULL DEFAULT ${NOW},
        updated_at TEXT NOT NULL DEFAULT ${NOW}`;

/** A many-to-many link table: one row per pair, both sides cascade. */
function link(table: string, left: [string, string], right: [string, string]): string {
  return `
      CREATE TABLE ${table} (
        ${left[0]} INTEGER NOT NULL REFERENCES ${left[1]}(id) ON DELETE CASCADE,
        ${right[0]} INTEGER NOT NULL REFERENCES ${right[1]}(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT ${NOW},
        PRIMARY KEY (${left[0]}, ${right[0]})
      );
      CREATE INDEX ${table}_${right[0]} ON ${table}(${right[0]});`;
}

/**
 * The tables of the fifteen resource sections (docs/resources-contract.md). Column names are
 * part of the contract: reporting counts `bots`/`instances` by `account_id`, and the chat
 * gateway reads bots → bot_agents → agents → agent_instructions.instructions and llms.
 */
export const resourceMigrations: readonly Migration[] = [
  {
    id: 'resources-001',
    name: 'resource sections: instances, actions, contacts, feedback, agents, tools, llms, bots, dispositions, scorecards, workflows, clients, phone numbers',
    sql: `
      ALTER TABLE accounts ADD COLUMN description TEXT;

      CREATE TABLE dispositions (${OWNED}
        label       TEXT NOT NULL,
        description TEXT,${STAMPS}
      );
      CREATE INDEX dispositions_account_id ON dispositions(account_id);

      CREATE TABLE scorecards (${OWNED}
        name        TEXT NOT NULL,
        description TEXT,
        -- JSON array of {label, weight}
        criteria    TEXT NOT NULL DEFAULT '[]',${STAMPS}
      );
      CREATE INDEX scorecards_account_id ON scorecards(account_id);

      ${link('role_dispositions', ['role_id', 'roles'], ['disposition_id', 'dispositions'])}
      ${link('role_scorecards', ['role_id', 'roles'], ['scorecard_id', 'scorecards'])}

      CREATE TABLE llms (${OWNED}
        name        TEXT NOT NULL,
        provider    TEXT NOT NULL CHECK (provider IN ('openai', 'anthropic', 'azure-openai', 'openai-compatible')),
        model       TEXT NOT NULL,
        base_url    TEXT,
        temperature REAL NOT NULL DEFAULT 0.7 CHECK (temperature BETWEEN 0 AND 2),
        max_tokens  INTEGER NOT NULL DEFAULT 1024,${STAMPS}
      );
      CREATE INDEX llms_account_id ON llms(account_id);

      CREATE TABLE agent_instructions (${OWNED}
        name         TEXT NOT NULL,
        instructions TEXT NOT NULL,${STAMPS}
      );
      CREATE INDEX agent_instructions_account_id ON agent_instructions(account_id);

      CREATE TABLE tools (${OWNED}
        name        TEXT NOT NULL,
        description TEXT,
        kind        TEXT NOT NULL CHECK (kind IN ('function', 'http', 'transfer', 'hangup')),
        -- JSON object
        parameters  TEXT NOT NULL DEFAULT '{}',${STAMPS}
      );
      CREATE INDEX tools_account_id ON tools(account_id);

      CREATE TABLE agents (${OWNED}
        name                 TEXT NOT NULL,
        description          TEXT,
        llm_id               INTEGER REFERENCES llms(id) ON DELETE SET NULL,
        agent_instruction_id INTEGER REFERENCES agent_instructions(id) ON DELETE SET NULL,${STAMPS}
      );
      CREATE INDEX agents_account_id ON agents(account_id);
      ${link('agent_tools', ['agent_id', 'agents'], ['tool_id', 'tools'])}

      -- instances.bot_id and bots.instance_id reference each other; SQLite checks both at write time.
      CREATE TABLE instances (${OWNED}
        name         TEXT NOT NULL,
        phone_number TEXT,
        bot_id       INTEGER REFERENCES bots(id) ON DELETE SET NULL,
        status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),${STAMPS}
      );
      CREATE INDEX instances_account_id ON instances(account_id);
      ${link('instance_dispositions', ['instance_id', 'instances'], ['disposition_id', 'dispositions'])}
      ${link('instance_scorecards', ['instance_id', 'instances'], ['scorecard_id', 'scorecards'])}

      CREATE TABLE bots (${OWNED}
        name        TEXT NOT NULL,
        description TEXT,
        greeting    TEXT,
        instance_id INTEGER REFERENCES instances(id) ON DELETE SET NULL,${STAMPS}
      );
      CREATE INDEX bots_account_id ON bots(account_id);

      -- position: the order the chat gateway hands a conversation through a bot's agents.
      CREATE TABLE bot_agents (
        bot_id     INTEGER NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        agent_id   INTEGER NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
        position   INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL DEFAULT ${NOW},
        PRIMARY KEY (bot_id, agent_id)
      );
      CREATE INDEX bot_agents_agent_id ON bot_agents(agent_id);

      CREATE TABLE actions (${OWNED}
        name        TEXT NOT NULL,
        description TEXT,
        kind        TEXT NOT NULL CHECK (kind IN ('webhook', 'email', 'sms', 'transfer')),
        -- JSON object
        config      TEXT NOT NULL DEFAULT '{}',${STAMPS}
      );
      CREATE INDEX actions_account_id ON actions(account_id);

      CREATE TABLE contacts (${OWNED}
        name         TEXT NOT NULL,
        phone_number TEXT,
        email        TEXT,
        notes        TEXT,${STAMPS}
      );
      CREATE INDEX contacts_account_id ON contacts(account_id);

      CREATE TABLE feedback (${OWNED}
        conversation_uuid TEXT,
        rating            INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment           TEXT,
        status            TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'reviewed', 'resolved')),${STAMPS}
      );
      CREATE INDEX feedback_account_id ON feedback(account_id);

      CREATE TABLE workflows (${OWNED}
        name        TEXT NOT NULL,
        description TEXT,
        "trigger"   TEXT NOT NULL CHECK ("trigger" IN ('inbound_call', 'outbound_call', 'chat', 'schedule')),
        -- JSON array of {name, action_id}
        steps       TEXT NOT NULL DEFAULT '[]',${STAMPS}
      );
      CREATE INDEX workflows_account_id ON workflows(account_id);
      ${link('workflow_dispositions', ['workflow_id', 'workflows'], ['disposition_id', 'dispositions'])}

      CREATE TABLE workflow_contacts (
        workflow_id  INTEGER NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
        contact_id   INTEGER NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
        status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'done')),
        scheduled_at TEXT,
        attempts     INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),${STAMPS},
        PRIMARY KEY (workflow_id, contact_id)
      );
      CREATE INDEX workflow_contacts_contact_id ON workflow_contacts(contact_id);

      CREATE TABLE clients (${OWNED}
        name TEXT NOT NULL,${STAMPS}
      );
      CREATE INDEX clients_account_id ON clients(account_id);

      -- Numbers on offer for purchase (not account-owned); a purchase moves one onto an instance.
      CREATE TABLE available_phone_numbers (
        id           INTEGER PRIMARY KEY,
        country_code TEXT NOT NULL,
        phone_number TEXT NOT NULL UNIQUE,
        locality     TEXT NOT NULL,
        region       TEXT NOT NULL,
        monthly_cost REAL NOT NULL,
        created_at   TEXT NOT NULL DEFAULT ${NOW}
      );
      CREATE INDEX available_phone_numbers_country ON available_phone_numbers(country_code, phone_number);
    `,
  },
];
