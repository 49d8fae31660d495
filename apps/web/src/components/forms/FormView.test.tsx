import { act, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { documentFromFields, newField } from '../../features/forms/designerModel';
import { renderPage, serveApi } from '../../test/render';
import { FormView, type FormViewHandle } from './FormView';

const mobile = { ...newField('text', [], '联系电话'), name: 'mobile', format: 'mobile' };
const amount = { ...newField('number', [], '金额'), name: 'amount', required: true, minimum: 1 };
const nature = { ...newField('select', [], '性质'), name: 'nature', dictionary: 'CompanyNature', options: [] };
const document = documentFromFields([mobile, amount, nature]);

describe('form view', () => {
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
});
