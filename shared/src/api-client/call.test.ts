import * as v from 'valibot';
import { SessionStore, createApiClient, endpoint, resetRuntimeConfig, setRuntimeConfig } from '..';
import { jwt, mockApi, reply } from '../testing';
import { callRawWith, callWith, headerValue } from './call';

const result = v.object({ ok: v.boolean() });

const listed = endpoint({
  method: 'GET',
  path: '/api/things/:id/parts',
  summary: 'Parts of a thing',
  tag: 'things',
  params: v.object({ id: v.string() }),
  headers: v.object({ search: v.optional(v.string(), ''), pages: v.string() }),
  query: v.object({ sort: v.string() }),
  result,
  access: ['USERS_READ'],
});

const open = endpoint({
  method: 'POST',
  path: '/api/things/open',
  summary: 'Open a thing',
  tag: 'things',
  body: v.object({ name: v.string() }),
  result,
  access: 'public',
});

const exported = endpoint({
  method: 'GET',
  path: '/api/things/export',
  summary: 'The things as CSV',
  tag: 'things',
  query: v.object({ name: v.optional(v.string()) }),
  raw: true,
  produces: 'text/csv',
  access: ['USERS_READ'],
});

let store: SessionStore;

beforeEach(() => {
  resetRuntimeConfig();
  setRuntimeConfig({ appName: 'ibuhoo' });
  store = new SessionStore();
  store.signIn({ token: jwt({ unique_name: 'ada', exp: Math.floor(Date.now() / 1000) + 600 }), refreshToken: 'r' });
});

afterEach(() => jest.restoreAllMocks());

describe('call(declaration, input)', () => {
  it('fills the path, sends the headers (text percent-encoded) and the query, with the session token', async () => {
    const calls = mockApi(() => reply(200, { statusCode: 200, result: { ok: true } }), {
      record: ({ method, path, headers, request }) => ({
        method,
        path,
        search: new URL(request.url).search,
        headers: Object.fromEntries(headers.entries()),
      }),
    });
    const answer = await callWith(createApiClient(store), listed, {
      params: { id: 'a b' },
      headers: { search: 'Núñez 100%', pages: '2,25' },
      query: { sort: 'name' },
    });
    expect(answer).toEqual({ ok: true });
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/api/things/a%20b/parts',
        search: '?sort=name',
        headers: expect.objectContaining({
          search: 'N%C3%BA%C3%B1ez%20100%25',
          pages: '2,25',
          authorization: expect.stringMatching(/^Bearer /),
        }),
      },
    ]);
  });

  it('sends a public endpoint without the token, its body as JSON', async () => {
    const calls = mockApi(() => reply(200, { statusCode: 200, result: { ok: true } }), {
      record: ({ method, path, headers, body }) => ({ method, path, authorization: headers.get('authorization'), body }),
    });
    await callWith(createApiClient(store), open, { body: { name: 'x' } });
    expect(calls).toEqual([{ method: 'POST', path: '/api/things/open', authorization: null, body: { name: 'x' } }]);
  });

  it('leaves plain ASCII header values as they are', () => {
    expect(headerValue('1,10')).toBe('1,10');
    expect(headerValue('ana.perez@empresa.test')).toBe('ana.perez@empresa.test');
    expect(headerValue('50%')).toBe('50%25');
    expect(headerValue('José')).toBe('Jos%C3%A9');
  });

  it('callRaw: sends the query with the session token and hands over the reply unread; a refusal rejects with its message', async () => {
    const calls = mockApi(
      ({ request }) =>
        new URL(request.url).searchParams.get('name') === 'x'
          ? new Response('id,name\n1,x\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
          : reply(400, { statusCode: 400, result: { information: 'El filtro es demasiado largo.', informationCode: 'R400' } }),
      {
        record: ({ path, headers, request }) => ({
          path,
          search: new URL(request.url).search,
          authorization: headers.get('authorization'),
        }),
      },
    );
    const client = createApiClient(store);
    const response = await callRawWith(client, exported, { query: { name: 'x' } });
    expect(await response.text()).toBe('id,name\n1,x\n');
    expect(calls).toEqual([{ path: '/api/things/export', search: '?name=x', authorization: expect.stringMatching(/^Bearer /) }]);
    await expect(callRawWith(client, exported, { query: { name: 'y' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'El filtro es demasiado largo.',
    });
  });
});
