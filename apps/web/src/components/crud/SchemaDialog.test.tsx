import { DICT_ENDPOINTS, type DictEntry, dictSubmit } from '@macro/contract/dict';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointKey, useEndpointQuery } from '../../api/endpoint';
import { useSession } from '../../session/store';
import { dictEntry } from '../../test/fixtures';
import { pageOf, renderPage, serveApi, testQueryClient } from '../../test/render';
import { useSaveRecord } from './crudCache';
import { SchemaDialog } from './SchemaDialog';
import type { FormMode, SchemaField } from './SchemaForm';

const endpoints = DICT_ENDPOINTS.system;
const detailInput = (id: number) => ({ query: { id } });

interface Values {
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number | null;
  isSealed: 0 | 1;
  remark: string;
}

const fields: SchemaField[] = [
  { name: 'code', label: '字典编号' },
  { name: 'dictKey', label: '字典键值' },
  { name: 'dictValue', label: '字典名称' },
  { name: 'sort', label: '字典排序' },
  { name: 'isSealed', label: '封存', optionLabel: (value) => (value === 1 ? '是' : '否') },
  { name: 'remark', label: '字典备注', span: 24 },
];

const onClose = vi.fn();

function Harness({ mode = 'create', record }: { mode?: FormMode; record?: DictEntry }) {
  const save = useSaveRecord(endpoints.submit, { detail: { endpoint: endpoints.detail, input: detailInput }, lists: [endpoints.parentList] });
  const initial: Values = record
    ? { code: record.code, dictKey: record.dictKey, dictValue: record.dictValue, sort: record.sort, isSealed: 0, remark: record.remark }
    : { code: '', dictKey: '', dictValue: '', sort: 1, isSealed: 0, remark: '' };
  return (
    <SchemaDialog<Values>
      testId="d"
      fieldTestIdPrefix="f"
      open
      mode={mode}
      title="字典"
      schema={dictSubmit}
      fields={fields}
      initialValues={initial}
      onSubmit={(values) => save.mutateAsync({ body: { ...values, sort: values.sort ?? 1, ...(record ? { id: record.id } : {}) } })}
      onClose={onClose}
    />
  );
}

const dialog = () => screen.getByTestId('d');

/** A screen showing the list, so that invalidating it refetches it. */
function ListWatcher() {
  const list = useEndpointQuery(endpoints.parentList, { query: { current: 1, size: 10 } }, { staleTime: Number.POSITIVE_INFINITY });
  return <output data-testid="list">{list.data?.records.map((r) => r.dictValue).join(',')}</output>;
}

describe('SchemaDialog', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: [] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lays the form out from the schema, each field labelled by its own label', async () => {
    await renderPage(<Harness />);
    expect(screen.getByLabelText('字典编号')).toHaveAttribute('id', 'd_code');
    expect(screen.getByLabelText('字典备注').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('字典排序')).toHaveAttribute('role', 'spinbutton');
    expect(screen.getByRole('radiogroup', { name: '封存' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '否' })).toBeChecked();
  });

  it('shows the schema’s messages: required fields, and a sort that is not a whole number from 0 to 99999', async () => {
    await renderPage(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('d-save'));
    // Each field's message comes when its own check settles: wait for every one.
    expect(await within(dialog()).findByText('请输入字典编号')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请输入字典键值')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请输入字典名称')).toBeInTheDocument();

    const sort = screen.getByLabelText('字典排序') as HTMLInputElement;
    for (const typed of ['1.5', '123456']) {
      await user.clear(sort);
      await user.type(sort, typed);
      await user.tab();
      // Not rounded to 2 nor clamped to 99999: the value stays and the rule says what is wrong.
      expect(sort.value).toBe(typed);
      expect(await within(dialog()).findByText('请输入数字')).toBeInTheDocument();
    }
    await user.clear(sort);
    await user.type(sort, '42');
    await user.tab();
    await waitFor(() => expect(within(dialog()).queryByText('请输入数字')).toBeNull());
  });

  it('closes at once when nothing changed, and asks before discarding typed changes (Esc and ×)', async () => {
    await renderPage(<Harness />);
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('放弃未保存的修改？')).toBeNull();

    onClose.mockClear();
    await user.type(screen.getByLabelText('字典编号'), 'Colour');
    await user.keyboard('{Escape}');
    expect(await screen.findByTestId('d-keep')).toHaveFocus();
    expect(screen.getAllByText('放弃未保存的修改？').length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    // Keep editing: the question goes, the dialog and what was typed stay.
    await user.click(screen.getByTestId('d-keep'));
    expect(screen.getByLabelText('字典编号')).toHaveValue('Colour');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('d-keep')).toBeNull());

    await user.click(within(dialog()).getByRole('button', { name: /close|关闭/i }));
    await user.click(await screen.findByTestId('d-discard'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('puts the saved record into the cache and closes without waiting for the lists to refetch', async () => {
    const record = dictEntry(7, { code: 'Colour', dictValue: '颜色' });
    const saved = { ...record, dictValue: '色彩', updateTime: '2026-02-02 00:00:00' };
    let listRequests = 0;
    const calls = serveApi((url) => {
      if (url.pathname.endsWith('/submit')) return { data: saved };
      if (url.pathname.endsWith('/parent-list')) {
        listRequests += 1;
        return new Promise<never>(() => {}); // the refetch never answers
      }
      return undefined;
    });
    const client = testQueryClient();
    const listKey = endpointKey(endpoints.parentList, { query: { current: 1, size: 10 } });
    client.setQueryData(listKey, pageOf([dictEntry(6), record]));
    await renderPage(
      <>
        <ListWatcher />
        <Harness mode="edit" record={record} />
      </>,
      client,
    );
    expect(screen.getByTestId('list')).toHaveTextContent('字典6,颜色');
    const user = userEvent.setup();
    const name = screen.getByLabelText('字典名称');
    await user.clear(name);
    await user.type(name, '色彩');
    await user.click(screen.getByTestId('d-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.url.pathname.endsWith('/submit'))?.init?.body));
    expect(body).toMatchObject({ id: 7, code: 'Colour', dictValue: '色彩', sort: 7 });
    expect(client.getQueryData(endpointKey(endpoints.detail, detailInput(7)))).toEqual(saved);
    // The row shows the saved name at once; the list's refetch has started and still hangs.
    expect(screen.getByTestId('list')).toHaveTextContent('字典6,色彩');
    expect(listRequests).toBe(1);
    expect(client.getQueryState(listKey)?.fetchStatus).toBe('fetching');
  });

  it('stays open with what was typed when the server refuses the save', async () => {
    serveApi((url) => (url.pathname.endsWith('/submit') ? { status: 409, data: '字典编号「Colour」已存在' } : undefined));
    await renderPage(<Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('字典编号'), 'Colour');
    await user.type(screen.getByLabelText('字典键值'), '1');
    await user.type(screen.getByLabelText('字典名称'), '颜色');
    await user.click(screen.getByTestId('d-save'));
    await waitFor(() => expect(screen.getByTestId('d-save')).not.toHaveClass('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('字典编号')).toHaveValue('Colour');
  });
});
