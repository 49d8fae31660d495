import type { CodeRule } from '@macro/contract/coderules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { CodeRulePage } from './CodeRulePage';

const record = (id: number, code: string, name: string): CodeRule => ({
  id,
  code,
  name,
  parts: [
    { kind: 'text', value: 'HT' },
    { kind: 'sequence', width: 3, start: 1, step: 1, reset: 'never' },
  ],
  timeZone: 'Asia/Shanghai',
  example: 'HT001',
  lastSequence: id === 1 ? 12 : null,
  sort: id,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
});

const today = () => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  return ['year', 'month', 'day'].map((type) => parts.find((p) => p.type === type)!.value).join('');
};

describe('code rules screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['codeRule:view', 'codeRule:add', 'codeRule:edit', 'codeRule:delete', 'codeRule:gen'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists rules with their next number, previews a new rule as its parts change, and sends it', async () => {
    const calls = serveApi((url, init) => {
      if (init?.method === 'POST' && url.pathname === '/api/code-rules') return { data: { ...record(9, 'po', '采购单号'), ...JSON.parse(String(init.body)) } };
      return { data: pageOf([record(1, 'ht', '合同编号'), record(2, 'fp', '发票编号')]) };
    });
    await renderPage(<CodeRulePage />);
    const user = userEvent.setup();
    const table = screen.getByTestId('code-rule-table');
    expect(await within(table).findByText('合同编号')).toBeInTheDocument();
    expect(within(table).getAllByText('HT001')).toHaveLength(2);
    expect(within(table).getByText('12')).toBeInTheDocument();

    await user.click(screen.getByTestId('code-rule-add'));
    const preview = await screen.findByTestId('code-rule-field-parts-preview');
    // The new rule's default parts: a prefix, the day, a daily four-digit sequence.
    expect(preview).toHaveTextContent(`NO${today()}0001`);
    const text = screen.getByTestId('code-rule-field-parts-text-0');
    await user.clear(text);
    await user.type(text, 'PO-');
    expect(preview).toHaveTextContent(`PO-${today()}0001`);
    // Without its sequence the rule could repeat numbers: the preview says so, and saving is refused.
    await user.click(screen.getByRole('button', { name: '删除第 3 个部件' }));
    expect(preview).toHaveTextContent('规则必须包含且只包含一个流水号部件');
    await user.type(screen.getByTestId('code-rule-field-code'), 'po');
    await user.type(screen.getByTestId('code-rule-field-name'), '采购单号');
    await user.click(screen.getByTestId('code-rule-dialog-save'));
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);

    await user.click(screen.getByTestId('code-rule-field-parts-add'));
    await user.click(screen.getByTestId('code-rule-field-parts-kind-2'));
    await user.click(await screen.findByTitle('流水号'));
    expect(preview).toHaveTextContent(`PO-${today()}0001`);
    await user.click(screen.getByRole('button', { name: '上移第 3 个部件' }));
    expect(preview).toHaveTextContent(`PO-0001${today()}`);
    await user.click(screen.getByTestId('code-rule-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const sent = calls.find((call) => call.init?.method === 'POST' && call.url.pathname === '/api/code-rules');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({
      code: 'po',
      name: '采购单号',
      timeZone: 'Asia/Shanghai',
      parts: [
        { kind: 'text', value: 'PO-' },
        { kind: 'sequence', width: 4, start: 1, step: 1, reset: 'daily' },
        { kind: 'date', format: 'yyyyMMdd' },
      ],
    });
  });
});
