import { describe, expect, test } from 'vitest';
import type { List } from '../../src/api/envelope';
import { followPages, linkQuery } from '../../src/api/pages';
import { readItems } from '../../src/api/relationItems';
import { z } from '../../src/api/zod';

type Item = { id: number };
const page = (ids: number[], next: string | null, total: number): List<Item> => ({
  data: ids.map((id) => ({ id })),
  links: { prev: null, next },
  meta: { current_page: 1, from: null, last_page: 1, per_page: 15, to: null, total },
});
const key = (item: Item) => String(item.id);

describe('followPages: a list read to its end through links.next', () => {
  test('follows each next link exactly as given, keeps an item once, and reports the server total', async () => {
    const asked: string[] = [];
    const pages: Record<string, List<Item>> = { 'https://api.test/r?page=2': page([15, 16, 17], 'https://api.test/r?page=3', 18), 'https://api.test/r?page=3': page([17, 18], null, 18) };
    const result = await followPages(page([1, 2, 15], 'https://api.test/r?page=2', 18), async (url) => {
      asked.push(url);
      return pages[url]!;
    }, key);
    expect(asked).toEqual(['https://api.test/r?page=2', 'https://api.test/r?page=3']);
    expect(result.items.map((i) => i.id)).toEqual([1, 2, 15, 16, 17, 18]);
    expect(result).toMatchObject({ total: 18, next: null });
  });

  test('stops at its bound and says where the list goes on', async () => {
    let n = 1;
    const result = await followPages(page([1], '/p?page=2', 100), async () => {
      n += 1;
      return page([n], `/p?page=${n + 1}`, 100);
    }, key, { pages: 3, items: 1000 });
    expect(result.items).toHaveLength(3);
    expect(result.next).toBe('/p?page=4');
    expect(result.total).toBe(100);
  });

  test('a link that loops or an empty page ends the read', async () => {
    const loop = await followPages(page([1], '/p?page=2', 5), async () => page([2], '/p?page=2', 5), key);
    expect(loop).toMatchObject({ items: [{ id: 1 }, { id: 2 }], next: null });
    const empty = await followPages(page([1], '/p?page=2', 5), async () => page([], '/p?page=3', 5), key);
    expect(empty).toMatchObject({ items: [{ id: 1 }], next: null });
  });

  test('a list the server does not paginate is whole', async () => {
    expect(await followPages([{ id: 1 }], async () => [], key)).toEqual({ items: [{ id: 1 }], total: 1, next: null });
  });

  test('the link gets the query it lacks, never the first page number', () => {
    expect(linkQuery({ show: 100, page: 1, search: 'x' })).toEqual({ show: 100, search: 'x' });
  });

  test('simple pagination (links.next, no total) is followed too', () => {
    const read = readItems(z.object({ id: z.number() }), { data: [{ id: 1 }], links: { next: '/p?page=2' }, meta: { current_page: 1, per_page: 15 } });
    expect(Array.isArray(read)).toBe(false);
    expect((read as List<Item>).links.next).toBe('/p?page=2');
  });
});
