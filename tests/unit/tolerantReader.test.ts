import { afterEach, describe, expect, test, vi } from 'vitest';
import { readList, readRecord } from '../../src/api/envelope';
import { ApiError, DEFAULT_ERROR_TEXT } from '../../src/api/errors';
import { agentSchema } from '../../src/api/schemas/agent';
import { feedbackSchema } from '../../src/api/schemas/feedback';
import { toolSchema } from '../../src/api/schemas/tool';
import { userSchema } from '../../src/api/schemas/user';
import { workflowSchema } from '../../src/api/schemas/workflow';
import { resetErrorReporter, setErrorReporter } from '../../src/observability/report';

const page = (data: unknown[]) => ({
  data,
  links: { first: 'http://x/api/v1/agents?page=1', last: null, prev: null, next: null },
  meta: { current_page: 1, from: 1, last_page: 1, per_page: 15, to: data.length, total: data.length },
});

afterEach(() => {
  vi.restoreAllMocks();
  resetErrorReporter();
});

describe('the tolerant reader: "not shown" fields accept every plausible shape', () => {
  test('a user whose unshaped fields are ids, numeric strings, nulls and extra keys still signs in', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = readRecord(userSchema, {
      data: { id: '7', email: 'a@example.com', isAdmin: 1, theme_color: null, name: null, roles: [3, { id: 4, name: 'Ops', pivot: { x: 1 } }], team: { id: 1 } },
    });
    expect(user).toMatchObject({ id: '7', email: 'a@example.com', isAdmin: true, theme_color: null, name: null, team: { id: 1 } });
    expect(user.roles).toEqual([{ id: '3', name: undefined }, { id: '4', name: 'Ops', pivot: { x: 1 } }]);
    expect(warn).not.toHaveBeenCalled();
  });

  test('relations as ids or objects with an id, numbers as numeric strings, JSON as a string, null lists', () => {
    const list = readList(agentSchema, page([{ id: 1, name: 'A', tools: [{ id: 5, name: 'Search' }, '6'], llm_id: { id: 2 }, agent_instruction_id: null }, { id: 2, name: 'B', tools: null }]));
    expect(list.data[0]).toMatchObject({ id: '1', tools: ['5', '6'], llm_id: '2', agent_instruction_id: null });
    expect(list.data[1]?.tools).toBeUndefined();
    expect(readRecord(feedbackSchema, { data: { id: 1, rating: '4.50' } }).rating).toBe(4.5);
    expect(readRecord(toolSchema, { data: { id: 1, name: 't', parameters: '{"a":1}' } }).parameters).toEqual({ a: 1 });
    expect(readRecord(workflowSchema, { data: { id: 9, name: 'W', created_at: '2025-01-15T10:00:00.000000Z', steps: null } }).steps).toBeUndefined();
  });
});

describe('a field that still fails degrades alone, and is reported with its path', () => {
  test('a nested list of the wrong shape is omitted; the rest of the record renders; console and reporter hear of it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reported: unknown[] = [];
    setErrorReporter((error, context) => reported.push({ error: String(error), context }));
    const user = readRecord(userSchema, { data: { id: 7, email: 'a@example.com', roles: 'admin', name: { first: 'Ann' } } });
    expect(user).toMatchObject({ id: '7', email: 'a@example.com', name: '{"first":"Ann"}' });
    expect(user.roles).toBeUndefined();
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('API field degraded at data.roles'), expect.stringContaining('API field degraded at data.name')]),
    );
    expect(reported).toEqual(
      expect.arrayContaining([expect.objectContaining({ context: expect.objectContaining({ path: 'data.roles', received: 'string', kept: 'omit' }) })]),
    );
  });

  test('one bad item field in a list degrades only that field of that item', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const list = readList(agentSchema, page([{ id: 1, name: 'A', tools: [{ name: 'no id' }] }, { id: 2, name: 'B', tools: [1] }]));
    expect(list.data.map((agent) => agent.id)).toEqual(['1', '2']);
    expect(list.data[0]?.tools).toBeUndefined();
    expect(list.data[0]?.name).toBe('A');
    expect(list.data[1]?.tools).toEqual(['1']);
  });
});

describe('what SPEC defines stays strict, and the failing path is in the error detail', () => {
  test.each([
    ['a record without an id', { data: { email: 'a@example.com' } }, 'data.id'],
    ['an id that is an object', { data: { id: { v: 1 }, email: 'a@example.com' } }, 'data.id'],
    ['no data wrapper', { id: 1, email: 'a@example.com' }, 'data'],
  ])('%s', (_label, payload, path) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = (() => {
      try {
        readRecord(userSchema, payload);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ detail: DEFAULT_ERROR_TEXT });
    expect((failure as ApiError).serverDetail).toContain(`Unexpected response at ${path}`);
  });

  test('a list without links or meta fails with that path', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => readList(agentSchema, { data: [{ id: 1 }] })).toThrow(ApiError);
    try {
      readList(agentSchema, { data: [{ id: 1 }] });
    } catch (error) {
      expect((error as ApiError).serverDetail).toMatch(/Unexpected response at (links|meta)/);
    }
  });
});
