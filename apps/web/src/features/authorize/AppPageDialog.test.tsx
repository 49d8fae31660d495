import type { AppFunc } from '@macro/contract/authorize';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serveApi } from '../../test/render';
import { AppPageDialog } from './AppPageDialog';

const FUNC: AppFunc = {
  id: 7,
  name: '我的采购',
  code: 'buy',
  category: '办公',
  icon: '',
  url: '/pages/buy',
  sort: 1,
  enabled: true,
  remark: '',
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
};

const pick = async (user: ReturnType<typeof userEvent.setup>, testId: string, option: string) => {
  await user.click(screen.getByTestId(testId));
  await user.click(await screen.findByTitle(option));
};

describe("an app function's page design", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists a form's records with the fields chosen from that form, and sends the design for the function", async () => {
    const calls = serveApi((url, init) => {
      if (url.pathname === '/api/app-function-scheme' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        return { data: { id: 3, funcName: FUNC.name, formName: '采购单', updateTime: '2026-01-01T00:00:00.000Z', ...body } };
      }
      if (url.pathname === '/api/app-function-scheme') return { data: [] };
      if (url.pathname === '/api/macro-flow/form-scheme') return { data: [{ id: 1, code: 'buy_form', name: '采购单', category: '', isDefault: false }] };
      if (url.pathname.endsWith('/getBindfields')) {
        return {
          data: [
            { name: 'item', title: '物品', kind: 'text', required: true },
            { name: 'amount', title: '金额', kind: 'number', required: false },
          ],
        };
      }
      return undefined;
    });
    await renderPage(<AppPageDialog func={FUNC} onClose={() => undefined} />);
    const user = userEvent.setup();
    expect(await screen.findByText('「我的采购」的页面')).toBeInTheDocument();
    await pick(user, 'app-page-field-pageKind', '表单数据列表');
    await user.click(screen.getByTestId('app-page-dialog-save'));
    // A list needs its form and its columns: nothing is sent without them.
    expect(await screen.findByText('请选择页面打开的表单')).toBeInTheDocument();
    await pick(user, 'app-page-field-formCode', '采购单');
    await pick(user, 'app-page-field-columns', '金额');
    await user.click(screen.getByTestId('app-page-dialog-save'));
    await vi.waitFor(() => expect(calls.some((call) => call.init?.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ funcId: 7, pageKind: 'list', formCode: 'buy_form', columns: ['amount'], title: '' });
  });
});
