import { DICT_ENDPOINTS, type DictEntry } from '@macro/contract/dict';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointKey, inputOf } from '../../api/endpoint';
import { useSession } from '../../session/store';
import { dictEntry } from '../../test/fixtures';
import { pageOf, renderPage, serveApi, testQueryClient } from '../../test/render';
import { useConfirmRemove } from './useConfirmRemove';

const endpoints = DICT_ENDPOINTS.system;
const listKey = endpointKey(endpoints.parentList, { query: { current: 1, size: 10 } });
const detailKey = (id: number) => endpointKey(endpoints.detail, { query: { id } });
const onRemoved = vi.fn();

function Harness({ rows }: { rows: DictEntry[] }) {
  const confirmRemove = useConfirmRemove({
    endpoint: endpoints.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (row: DictEntry) => row.dictValue,
    messages: { one: 'dict:remove.one', many: 'dict:remove.many' },
    lists: [endpoints.parentList],
    forget: (key, ids) => ids.includes(Number(inputOf(endpoints.detail, key)?.query.id)),
    testId: 'remove-ok',
  });
  return (
    <button type="button" onClick={() => confirmRemove(rows, onRemoved)}>
      remove
    </button>
  );
}

describe('useConfirmRemove', () => {
  beforeEach(() => useSession.setState({ token: 't' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('asks to select rows first when none is selected, and calls nothing', async () => {
    const calls = serveApi(() => ({ data: { removed: 0 } }));
    await renderPage(<Harness rows={[]} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'remove' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('names the one row, removes it on confirmation and drops it from the cache', async () => {
    const calls = serveApi((url) => (url.pathname.endsWith('/remove') ? { data: { removed: 1 } } : { data: pageOf([dictEntry(2)]) }));
    const client = testQueryClient();
    client.setQueryData(listKey, pageOf([dictEntry(1), dictEntry(2)]));
    client.setQueryData(detailKey(1), dictEntry(1));
    client.setQueryData(detailKey(2), dictEntry(2));
    await renderPage(<Harness rows={[dictEntry(1, { dictValue: '颜色' })]} />, client);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'remove' }));
    expect(await screen.findByText('确定永久删除字典「颜色」吗？')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByTestId('remove-ok'));

    await waitFor(() => expect(onRemoved).toHaveBeenCalledWith([1]));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    const remove = calls.find((c) => c.url.pathname.endsWith('/remove'));
    expect(remove?.init?.method).toBe('POST');
    expect(remove?.url.search).toBe('?ids=1');
    expect(client.getQueryData<{ records: DictEntry[] }>(listKey)?.records.map((r) => r.id)).toEqual([2]);
    expect(client.getQueryData(detailKey(1))).toBeUndefined();
    expect(client.getQueryData(detailKey(2))).toBeDefined();
  });

  it('removes a batch through the same door, and leaves everything when cancelled', async () => {
    const calls = serveApi(() => ({ data: { removed: 2 } }));
    await renderPage(<Harness rows={[dictEntry(1), dictEntry(3)]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'remove' }));
    expect(await screen.findByText('确定永久删除选中的 2 个字典吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'remove' }));
    await user.click(await screen.findByTestId('remove-ok'));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledWith([1, 3]));
    expect(calls[0].url.search).toBe('?ids=1%2C3');
  });

  it('keeps the rows when the server refuses (its message comes from the query client)', async () => {
    serveApi(() => ({ status: 400, data: '字典「颜色」下还有子项，请先删除子项' }));
    const client = testQueryClient();
    client.setQueryData(listKey, pageOf([dictEntry(1)]));
    await renderPage(<Harness rows={[dictEntry(1)]} />, client);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'remove' }));
    await user.click(await screen.findByTestId('remove-ok'));
    await waitFor(() => expect(client.isMutating()).toBe(0));
    expect(onRemoved).not.toHaveBeenCalled();
    expect(client.getQueryData<{ records: DictEntry[] }>(listKey)?.records).toHaveLength(1);
  });
});
