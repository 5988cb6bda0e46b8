import type { Migration } from '../migrations';

/** Secure-by-default additions (issue 10). */
export const securityMigrations: readonly Migration[] = [
  {
    id: 'security-001',
    name: 'write-only API keys on LLM records',
    sql: `
      -- Sent only as the Bearer token to the record's own base_url; never in a response or export.
      ALTER TABLE llms ADD COLUMN api_key TEXT;
    `,
  },
  {
    id: 'security-002',
    name: 'indexed de-duplication for bot imports',
    sql: `
      -- The import reuses identical LLMs, instructions and tools: found by (account, name), not by scanning.
      CREATE INDEX IF NOT EXISTS llms_account_name ON llms(account_id, name);
      CREATE INDEX IF NOT EXISTS agent_instructions_account_name ON agent_instructions(account_id, name);
      CREATE INDEX IF NOT EXISTS tools_account_name ON tools(account_id, name);
    `,
  },
];
