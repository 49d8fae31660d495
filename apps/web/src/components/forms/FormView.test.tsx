import { act, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentFromFields, newField } from '../../features/forms/designerModel';
import { renderPage, serveApi } from '../../test/render';
import { FormView, type FormViewHandle } from './FormView';

const mobile = { ...newField('text', [], '联系电话'), name: 'mobile', format: 'mobile' };
const amount = { ...newField('number', [], '金额'), name: 'amount', required: true, minimum: 1 };
const nature = { ...newField('select', [], '性质'), name: 'nature', dictionary: 'CompanyNature', options: [] };
const document = documentFromFields([mobile, amount, nature]);

describe('form view', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks data with the rules the server applies and names each field in its message', async () => {
    serveApi((url) =>
      url.pathname.includes('dictionary') ? { data: [{ id: 1, label: '民营企业', value: '2', dictKey: '2', dictValue: '民营企业', sort: 1 }] } : undefined,
    );
    const ref = createRef<FormViewHandle>();
    renderPage(<FormView document={document} value={{ mobile: '12345' }} formRef={ref} />);
    await screen.findByText('联系电话');
    let valid = true;
    act(() => {
      valid = ref.current!.validateForm();
    });
    expect(valid).toBe(false);
    await waitFor(() => expect(screen.getByText('请输入正确的手机号码')).toBeTruthy());
    expect(screen.getByText('请填写金额')).toBeTruthy();
    expect(screen.queryByText(/值类型不正确/)).toBeNull();
  });

  it('shows an auto number read-only: the number a record was given, or that it comes when saved', async () => {
    const numbered = documentFromFields([{ ...newField('autoNumber', [], '单号'), codeRule: 3 }]);
    const { unmount } = await renderPage(<FormView document={numbered} value={{}} />);
    const pending = await screen.findByLabelText('单号');
    expect(pending).toHaveAttribute('readonly');
    expect(pending).toHaveAttribute('placeholder', '保存后自动生成');
    unmount();
    await renderPage(<FormView document={numbered} value={{ autoNumber1: 'BX00001' }} />);
    expect(await screen.findByDisplayValue('BX00001')).toHaveAttribute('readonly');
  });

  it('shows the options of choices filled from a data source, read through the saved form', async () => {
    const staff = { id: 7, value: 'id', label: 'name' };
    const choices = documentFromFields([
      { ...newField('radio', [], '替补'), name: 'backup', dataSource: staff },
      { ...newField('checkboxes', [], '成员'), name: 'team', dataSource: staff },
    ]);
    const calls = serveApi((url) =>
      url.pathname.startsWith('/api/form-scheme/5/fields/')
        ? {
            data: [
              { value: '1', label: '张三' },
              { value: '3', label: '王五' },
            ],
          }
        : undefined,
    );
    await renderPage(<FormView document={choices} value={{ backup: '3' }} choices={{ schemeId: 5 }} />);
    const backup = await screen.findByRole('radiogroup', { name: '替补' });
    await waitFor(() => expect(within(backup).getByLabelText('王五')).toBeChecked());
    expect(within(backup).getByLabelText('张三')).not.toBeChecked();
    expect(await screen.findAllByRole('checkbox', { name: /张三|王五/ })).toHaveLength(2);
    expect(calls.map((call) => call.url.pathname).sort()).toEqual(['/api/form-scheme/5/fields/backup/options', '/api/form-scheme/5/fields/team/options']);
  });
});
