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
];
