import { i18n } from '@lingui/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, NetworkError, messageFor, queryString, request, requestJson, serverMessageOf, setFetch } from './api';
import { serverMessage } from './i18n/server-messages';

const calls: { input: string; init: RequestInit }[] = [];
function answer(response: () => Response | Promise<Response>) {
  calls.length = 0;
  setFetch(async (input, init) => {
    calls.push({ input, init });
    return response();
  });
}

afterEach(() => setFetch((input, init) => fetch(input, init)));

describe('request', () => {
  it('sends credentials, and JSON only when there is a body', async () => {
    answer(() => new Response('{}', { status: 200 }));
    await request('/api/auth/user');
    expect(calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.headers).toBeUndefined();

    await request('/api/auth/login', { method: 'POST', body: { email: 'a@b.co', password: 'secret' } });
    expect(calls[1]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co","password":"secret"}',
    });
  });

  it.each([
    ['a JSON error body', 401, 'Unauthorized', '{"error":"Invalid email or password"}', '401: {"error":"Invalid email or password"}', 'Invalid email or password'],
    ['a text body', 500, 'Internal Server Error', 'boom', '500: boom', null],
    ['an empty body: the status text', 429, 'Too Many Requests', '', '429: Too Many Requests', null],
    ['JSON without an error field', 400, 'Bad Request', '{"message":"x"}', '400: {"message":"x"}', null],
  ])('a non-OK answer with %s becomes "status: body or status text"', async (_name, status, statusText, body, message, serverMessage) => {
    answer(() => new Response(body, { status, statusText }));
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).serverMessage).toBe(serverMessage);
  });

  it('a failed fetch is a NetworkError (offline), not an ApiError', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('/api/x')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('requestJson', () => {
  it('checks the answer against its schema', async () => {
    answer(() => new Response('{"n":1}', { status: 200 }));
    await expect(requestJson('/api/n', z.object({ n: z.number() }))).resolves.toEqual({ n: 1 });
    answer(() => new Response('{"n":"one"}', { status: 200 }));
    await expect(requestJson('/api/n', z.object({ n: z.number() }))).rejects.toThrow('does not match its schema');
  });
});

describe('messages', () => {
  it.each([
    [new ApiError(409, '{"error":"An account with this email already exists"}', 'Conflict'), 'An account with this email already exists'],
    [new ApiError(409, '{"error":"An account with this email already exists","code":"ERR_EMAIL_TAKEN"}', 'Conflict'), 'An account with this email already exists'],
    [new ApiError(500, '', 'Internal Server Error'), 'Please try again.'],
    [new NetworkError('offline'), 'Please try again.'],
    ['a string', 'Please try again.'],
  ])('messageFor(%s)', (error, expected) => {
    expect(messageFor(error, 'Please try again.')).toBe(expected);
  });

  it.each([
    ['{"error":"x"}', 'x'],
    ['{"error":"x","code":"ERR_SOMETHING_NEWER"}', 'x'],
    ['{"error":"x","code":5}', 'x'],
    ['{"error":""}', null],
    ['{"error":5}', null],
    ['not json', null],
    ['', null],
  ])('serverMessageOf(%j)', (body, expected) => {
    expect(serverMessageOf(body)).toBe(expected);
  });
});

describe('a coded refusal in the app’s language (issue 28)', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'fr', messages: { [serverMessage('ERR_EMAIL_TAKEN').id]: 'Un compte existe déjà avec cette adresse e-mail' } }));
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('serverMessage and messageFor translate by code; message keeps the server’s body', () => {
    const body = '{"error":"An account with this email already exists","code":"ERR_EMAIL_TAKEN"}';
    const error = new ApiError(409, body, 'Conflict');
    expect(error.serverMessage).toBe('Un compte existe déjà avec cette adresse e-mail');
    expect(messageFor(error, 'Please try again.')).toBe('Un compte existe déjà avec cette adresse e-mail');
    expect(error.message).toBe(`409: ${body}`);
    expect(error.serverError).toEqual({ error: 'An account with this email already exists', code: 'ERR_EMAIL_TAKEN' });
  });
});

describe('queryString', () => {
  it.each([
    [{}, ''],
    [{ page: 1, limit: 20 }, '?page=1&limit=20'],
    [{ page: 2, result: undefined, gameMode: '', dateFrom: null }, '?page=2'],
    [{ q: 'a b&c' }, '?q=a+b%26c'],
  ])('%j', (values, expected) => {
    expect(queryString(values)).toBe(expected);
  });
});
