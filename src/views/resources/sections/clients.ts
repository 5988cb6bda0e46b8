import { DEFAULT_SORTS } from '../defaultSorts';
import { nameOf, type SectionConfig } from '../sectionConfig';

/**
 * SPEC §3 "Client: read-only list" (GET /v1/clients/): names, whose they are and since when;
 * no record pages, no add, edit or delete. Clients belong to accounts (Accounts browse opens it).
 */
export const clients: SectionConfig = {
  key: 'clients',
  singular: 'Client',
  titleOf: nameOf,
  columns: [
    { key: 'name', label: 'Name', sort: 'name' },
    // Always: a client is known by its account (the list page adds none of its own then).
    { key: 'account_id', label: 'Account' },
    { key: 'created_at', label: 'Created', format: 'timestamp' },
  ],
  filters: [],
  fields: [],
  tabs: [],
  defaultSort: DEFAULT_SORTS.clients,
  readOnly: true,
};
