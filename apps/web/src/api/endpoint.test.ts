import { defineEndpoint } from '@macro/contract';
import { AUTH_ENDPOINTS } from '@macro/contract/auth';
import { DICT_ENDPOINTS } from '@macro/contract/dict';
import { MENU_ENDPOINTS } from '@macro/contract/menus';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSession } from '../session/store';
import { callEndpoint, endpointKey, inputOf, queriesOf } from './endpoint';

function serve(body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const ok = (data: unknown) => ({ code: 200, success: true, data, msg: 'ok' });

describe('callEndpoint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('takes the method and path from the endpoint and sends the query in the URL', async () => {
    const fetchMock = serve(ok({ records: [], total: 0 }));
    useSession.setState({ token: 'tok' });
    await expect(callEndpoint(DICT_ENDPOINTS.biz.childList, { query: { parentId: 3, current: 2, size: 20, code: '' } })).resolves.toEqual({
      records: [],
      total: 0,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/dict-biz/child-list?parentId=3&current=2&size=20');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({ 'Macro-Auth': 'bearer tok' });
  });

  it('sends a JSON body, and a query on a POST', async () => {
    const fetchMock = serve(ok({ id: 1 }));
    await callEndpoint(DICT_ENDPOINTS.system.submit, { body: { code: 'sex', dictKey: '-1', dictValue: '性别' } });
    await callEndpoint(DICT_ENDPOINTS.system.remove, { query: { ids: '1,2' } });
    const [[submitUrl, submit], [removeUrl, remove]] = fetchMock.mock.calls;
    expect(submitUrl).toBe('/api/macro-system/dict/submit');
    expect(submit?.method).toBe('POST');
    expect(submit?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(submit?.body))).toEqual({ code: 'sex', dictKey: '-1', dictValue: '性别' });
    expect(removeUrl).toBe('/api/macro-system/dict/remove?ids=1%2C2');
    expect(remove?.method).toBe('POST');
    expect(remove?.body).toBeUndefined();
  });

  it('fills path parameters, sends forms as forms, and reads bare bodies where the endpoint has no envelope', async () => {
    const withParams = defineEndpoint({
      operationId: 'test.read',
      method: 'GET',
      path: '/form-scheme/:id/version/:version',
      tag: 'test',
      summary: '',
      description: '',
      access: 'authenticated',
      params: z.object({ id: z.string(), version: z.string() }),
      response: z.object({ id: z.string() }),
    });
    const fetchMock = serve(ok({ id: 'a b' }));
    await expect(callEndpoint(withParams, { params: { id: 'a b', version: '2' } })).resolves.toEqual({ id: 'a b' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/form-scheme/a%20b/version/2');

    const tokenMock = serve({ access_token: 't', token_type: 'bearer' });
    await expect(callEndpoint(AUTH_ENDPOINTS.token, { body: { grant_type: 'refresh_token', refresh_token: 'r' } })).resolves.toMatchObject({
      access_token: 't',
    });
    const [, init] = tokenMock.mock.calls[0];
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(init?.body).toBe('grant_type=refresh_token&refresh_token=r');
  });

  it('needs no input for an endpoint without any', async () => {
    const fetchMock = serve(ok(['dict:view']));
    await expect(callEndpoint(MENU_ENDPOINTS.permissions, {})).resolves.toEqual(['dict:view']);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/macro-system/api-scope/user-permission-list');
  });
});

describe('query keys', () => {
  it('are the operation id and the input, and filters find the queries of given endpoints', () => {
    const input = { query: { current: 1, size: 10 } };
    const key = endpointKey(DICT_ENDPOINTS.system.parentList, input);
    expect(key).toEqual(['dict.system.parentList', input]);
    expect(endpointKey(MENU_ENDPOINTS.routes)).toEqual(['menus.routes']);
    expect(inputOf(DICT_ENDPOINTS.system.parentList, key)).toBe(input);
    expect(inputOf(DICT_ENDPOINTS.biz.parentList, key)).toBeUndefined();

    const filter = queriesOf([DICT_ENDPOINTS.system.parentList, DICT_ENDPOINTS.system.childList]);
    const matches = (queryKey: readonly unknown[]) => filter.predicate?.({ queryKey } as never);
    expect(matches(key)).toBe(true);
    expect(matches(['dict.system.childList', { query: { parentId: 1 } }])).toBe(true);
    expect(matches(['dict.biz.parentList', input])).toBe(false);
    const narrowed = queriesOf(DICT_ENDPOINTS.system.childList, (i) => Number(i.query.parentId) === 1);
    expect(narrowed.predicate?.({ queryKey: ['dict.system.childList', { query: { parentId: 1 } }] } as never)).toBe(true);
    expect(narrowed.predicate?.({ queryKey: ['dict.system.childList', { query: { parentId: 2 } }] } as never)).toBe(false);
  });
});
