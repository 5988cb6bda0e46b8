import { describe, expect, test } from 'vitest';
import { parseCsv, projectCsv, recordsCsv } from '../../src/machines/bulkCsv';
import { parseListState, serializeListState } from '../../src/views/resources/listState';
import { listMove } from '../../src/views/resources/routeData';
import { stateToQuery, viewToState } from '../../src/views/resources/savedViewState';
import { chosenKeys, visibleColumns } from '../../src/views/resources/visibleColumns';

/** Issue 30, column chooser: the choice in the address, in saved views, and in the exported file. */
const all = [
  { key: 'name', label: 'Name', sort: 'name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
];
const config = { columns: all, filters: [{ key: 'status', label: 'Status' }], defaultSort: '' };

describe('list columns', () => {
  test('the address holds the shown columns in order; a column the list no longer has is left out', () => {
    const state = parseListState('?columns=phone,gone,name&page=2');
    expect(state.columns).toEqual(['phone', 'gone', 'name']);
    expect(serializeListState(state)).toBe('?columns=phone%2Cgone%2Cname&page=2');
    expect(visibleColumns(all, state.columns).map((c) => c.key)).toEqual(['phone', 'name']);
    expect(visibleColumns(all, ['gone']).map((c) => c.key)).toEqual(['name', 'email', 'phone']);
    expect(visibleColumns(all, undefined)).toEqual(all);
    expect(chosenKeys(all, ['name', 'email', 'phone'])).toBeUndefined();
    expect(chosenKeys(all, ['email', 'name'])).toEqual(['email', 'name']);
  });

  test('changing only the columns asks the server for nothing; another filter still does', () => {
    const before = { state: parseListState('?search=a'), accountId: null };
    expect(listMove(parseListState('?search=a&columns=email'), before, null, undefined)).toEqual({ kind: 'none' });
    expect(listMove(parseListState('?search=b&columns=email'), before, null, undefined)).toEqual({ kind: 'browse' });
  });

  test('a saved view keeps its columns apart from its query and opens without a column that is gone', () => {
    const state = { ...parseListState('?filter[status]=new&columns=email,name'), page: 3 };
    expect(stateToQuery(state)).toEqual({ 'filter[status]': 'new' });
    const opened = viewToState({ name: 'Mine', query: { 'filter[status]': 'new', 'filter[gone]': 'x' }, columns: ['email', 'removed', 'name'] }, config);
    expect(opened).toMatchObject({ page: 1, filters: { status: 'new' }, columns: ['email', 'name'] });
    expect(viewToState({ name: 'All gone', query: {}, columns: ['removed'] }, config).columns).toBeUndefined();
  });

  test("a server's CSV keeps only the visible columns, in their order, quoting intact", () => {
    const server = 'id,name,email,notes\r\n1,"Doe, Jane",jane@example.com,"said ""hi"""\r\n2,Bob,,\r\n';
    expect(projectCsv(server, ['email', 'name'])).toBe('email,name\r\njane@example.com,"Doe, Jane"\r\n,Bob\r\n');
    expect(parseCsv(projectCsv(server, ['notes']))).toEqual([['notes'], ['said "hi"'], ['']]);
    // A file whose header names none of them comes back as it was.
    expect(projectCsv(server, ['other'])).toBe(server);
    expect(recordsCsv([{ name: 'A', email: null }], ['email', 'name'])).toBe('email,name\r\n,A\r\n');
  });
});
