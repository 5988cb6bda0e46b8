import { describe, expect, test } from 'vitest';
import { serializeQuery, withQuery } from '../../src/api/query';

describe('query strings (Laravel shape)', () => {
  test('arrays as key[]=…, empty values left out', () => {
    expect(serializeQuery({ a: [1, 2], b: '', c: null, d: 'x y' })).toBe('a%5B%5D=1&a%5B%5D=2&d=x+y');
  });

  test('a path gets the whole query', () => {
    expect(withQuery('/v1/roles/', { search: 'ops', page: 1 })).toBe('/v1/roles/?search=ops&page=1');
  });

  test('a pagination link keeps every parameter it carries and gains the ones it lacks', () => {
    // Laravel's paginate() without withQueryString(): only the page survives in links.next.
    expect(withQuery('https://api.example/api/v1/roles?page=2', { search: 'ops', sort: '-name', 'filter[kind]': 'sms', show: 25, account_id: '3' })).toBe(
      'https://api.example/api/v1/roles?page=2&search=ops&sort=-name&filter%5Bkind%5D=sms&show=25&account_id=3',
    );
    // A link that carries them already is not overridden, and nothing is doubled.
    expect(withQuery('https://api.example/api/v1/roles?page=2&search=ops&show=10&account_id=3', { search: 'other', show: 25, account_id: '3' })).toBe(
      'https://api.example/api/v1/roles?page=2&search=ops&show=10&account_id=3',
    );
    expect(withQuery('https://api.example/api/v1/roles?page=2&grades%5B%5D=A', { grades: ['B', 'C'] })).toBe('https://api.example/api/v1/roles?page=2&grades%5B%5D=A');
  });
});
