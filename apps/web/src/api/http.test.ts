import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { useSession } from '../session/store';
import { ApiError, configureHttp, failureMessage, isFailure, request } from './http';

type Reply = { status: number; body: unknown };

function serve(...replies: Reply[]) {
  const queue = [...replies];
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const { status, body } = queue.shift() ?? { status: 500, body: null };
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const REQUEST_TIMEOUT_TEXT = '请求超时，请联系管理员';
const ok = (data: unknown): Reply => ({ status: 200, body: { code: 200, success: true, data, msg: '操作成功' } });
const failure = (status: number, fields: Record<string, unknown>): Reply => ({
  status,
  body: { code: status, success: false, error_code: status, httpCode: status, data: null, ...fields },
});

describe('failure rules', () => {
  beforeAll(() => initI18n('zh'));

  it('fails on a non-200 status, success false, error_code other than 200, or httpCode 500', () => {
    expect(isFailure(200, { code: 200, success: true, data: 1 })).toBe(false);
    expect(isFailure(200, { success: true, error_code: 200 })).toBe(false);
    expect(isFailure(404, { success: true })).toBe(true);
    expect(isFailure(200, { success: false })).toBe(true);
    expect(isFailure(200, { success: true, error_code: 400 })).toBe(true);
    expect(isFailure(200, { success: true, httpCode: 500 })).toBe(true);
    expect(isFailure(500, null)).toBe(true);
  });

  it('shows sys_msg, else error_description, else 未知错误', () => {
    expect(failureMessage({ sys_msg: '字典不存在', error_description: 'detail' })).toBe('字典不存在');
    expect(failureMessage({ sys_msg: '', error_description: 'Bad credentials' })).toBe('Bad credentials');
    expect(failureMessage({})).toBe('未知错误');
    expect(failureMessage(null)).toBe('未知错误');
  });
});

describe('request', () => {
  const onUnauthorized = vi.fn();
  const refresh = vi.fn<() => Promise<boolean>>();

  beforeAll(() => initI18n('zh'));
  beforeEach(() => {
    useSession.setState({ token: 'access-1', language: 'ja' });
    configureHttp({ onUnauthorized, refresh });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetAllMocks();
    useSession.getState().clear();
  });

  it('returns the envelope’s data and sends the language, the token and the query', async () => {
    const fetchMock = serve(ok({ records: [], total: 0 }));
    await expect(request('/macro-system/dict/parent-list', { query: { current: 1, code: '', size: 10 } })).resolves.toEqual({ records: [], total: 0 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/macro-system/dict/parent-list?current=1&size=10');
    expect(init?.headers).toMatchObject({ 'Accept-Language': 'ja', 'Macro-Auth': 'bearer access-1' });
  });

  it('throws the server’s message for each failure shape', async () => {
    serve(
      failure(409, { sys_msg: '字典编号「sex」已存在', error_description: 'duplicate' }),
      { status: 200, body: { code: 400, success: false, error_description: 'only a description' } },
      { status: 200, body: { code: 200, success: true, error_code: 403, data: null } },
      { status: 200, body: { code: 200, success: true, httpCode: 500, data: null } },
    );
    const conflict = await failureOf(request('/a'));
    expect(conflict).toMatchObject({ message: '字典编号「sex」已存在', status: 409, code: 409 });
    expect((await failureOf(request('/b'))).message).toBe('only a description');
    expect(await failureOf(request('/c'))).toMatchObject({ message: '未知错误', code: 403 });
    expect((await failureOf(request('/d'))).message).toBe('未知错误');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refreshes once on 401 and retries the call', async () => {
    const fetchMock = serve(failure(401, { sys_msg: '登录已失效' }), ok('again'));
    refresh.mockImplementation(async () => {
      useSession.setState({ token: 'access-2' });
      return true;
    });
    await expect(request('/macro-user/info')).resolves.toBe('again');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[1][1]?.headers).toMatchObject({ 'Macro-Auth': 'bearer access-2' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs out when the 401 cannot be recovered', async () => {
    serve(failure(401, { sys_msg: '请先登录' }));
    refresh.mockResolvedValue(false);
    expect((await failureOf(request('/macro-user/info'))).message).toBe('请先登录');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 for a session already replaced retries with the new one and never signs it out', async () => {
    let release: (reply: Response) => void = () => undefined;
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      (init?.headers as Record<string, string> | undefined)?.['Macro-Auth'] === 'bearer access-1'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : Promise.resolve(new Response(JSON.stringify(failure(401, { sys_msg: '请先登录' }).body), { status: 401 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    refresh.mockResolvedValue(false);
    const late = failureOf(request('/macro-user/info'));
    // The user signs in again while the old call is still on its way; then the old one answers 401.
    useSession.setState({ token: 'access-2' });
    release(new Response(JSON.stringify(failure(401, { sys_msg: '请先登录' }).body), { status: 401 }));
    expect((await late).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1][1]?.headers).toMatchObject({ 'Macro-Auth': 'bearer access-2' });
    expect(refresh).not.toHaveBeenCalled();
    // The retry's 401 is the current session's own: that one does sign out.
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a late 401 from a replaced session leaves the new session alone', async () => {
    let release: (reply: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      ),
    );
    refresh.mockImplementation(async () => {
      useSession.setState({ token: 'access-3' });
      return false;
    });
    const late = failureOf(request('/macro-user/info'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    release(new Response(JSON.stringify(failure(401, { sys_msg: '请先登录' }).body), { status: 401 }));
    expect((await late).status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('access-3');
  });

  it('leaves 401 to the caller when asked (sign-in) and returns plain bodies without the envelope', async () => {
    serve(
      { status: 400, body: { error: 'invalid_grant', error_description: 'Bad credentials', sys_msg: '账号或密码错误', success: false } },
      { status: 200, body: { access_token: 't', token_type: 'bearer' } },
    );
    const options = { method: 'POST', envelope: false, handleUnauthorized: false } as const;
    expect((await failureOf(request('/macro-auth/oauth/token', options))).message).toBe('账号或密码错误');
    await expect(request('/macro-auth/oauth/token', options)).resolves.toEqual({ access_token: 't', token_type: 'bearer' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('gives up after 40 s with the time-out message', async () => {
    const clock = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(clock.signal);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')))),
      ),
    );
    const pending = failureOf(request('/slow'));
    expect(timeout).toHaveBeenCalledWith(40_000);
    clock.abort();
    expect((await pending).message).toBe(REQUEST_TIMEOUT_TEXT);
    timeout.mockRestore();
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await failureOf(request('/x'))).message).toBe('请求错误，请联系管理员');
  });
});
