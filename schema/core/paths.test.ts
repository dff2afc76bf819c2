import { describe, expect, it } from 'vitest';
import { apiPath, isApiPath } from './paths';

describe('apiPath', () => {
  it.each([
    ['/lessons', undefined, undefined, '/api/lessons'],
    ['/tournaments/:id', { id: 7 }, undefined, '/api/tournaments/7'],
    ['/tournaments/:id/rounds/:round', { id: 7, round: 2 }, undefined, '/api/tournaments/7/rounds/2'],
    ['/users/:id/profile', { id: 'a b/c' }, undefined, '/api/users/a%20b%2Fc/profile'],
    ['/tournaments/:id/registrations', { id: 3 }, { status: 'confirmed', page: undefined, all: null }, '/api/tournaments/3/registrations?status=confirmed'],
    ['/games', {}, { limit: 20, mine: true }, '/api/games?limit=20&mine=true'],
  ] as const)('%s with %j and %j is %s', (pattern, params, query, expected) => {
    expect((apiPath as (pattern: string, params?: object, query?: object) => string)(pattern, params, query)).toBe(expected);
  });

  it('refuses a pattern whose parameter has no value', () => {
    expect(() => (apiPath as (pattern: string, params?: object) => string)('/tournaments/:id', {})).toThrow('needs :id');
  });

  it('asks TypeScript for every parameter the pattern names', () => {
    // @ts-expect-error: '/tournaments/:id' needs an id
    expect(() => apiPath('/tournaments/:id')).toThrow();
    expect(apiPath('/tournaments/:id', { id: 1 })).toBe('/api/tournaments/1');
    expect(apiPath('/lessons')).toBe('/api/lessons');
  });
});

describe('isApiPath', () => {
  it.each([
    ['/api', true],
    ['/api/tournaments/7', true],
    ['/apis', false],
    ['/app/api/x', false],
    ['/', false],
  ] as const)('%s is %s', (path, expected) => {
    expect(isApiPath(path)).toBe(expected);
  });
});
