import type { FormScheme } from '@macro/contract/forms';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, renderRoutes, serveApi } from '../../test/render';
import { FormRecords } from './FormRecords';

const scheme: FormScheme = {
  id: 3,
  code: 'leave',
  name: '请假单',
  category: '',
  description: '',
  enabled: true,
  isDefault: false,
  version: 1,
  fieldCount: 3,
  tableName: null,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
};

const document = {
  schema: {
    type: 'object',
    properties: {
      leaveType: { type: 'string', title: '假别', enum: ['a', 'b'] },
      tags: { type: 'array', title: '标签', items: { type: 'string', enum: ['x', 'y'] }, uniqueItems: true },
      nature: { type: 'string', title: '性质' },
      staff: { type: 'string', title: '员工' },
    },
  },
  uiSchema: {
    'ui:order': ['leaveType', 'tags', 'nature', 'staff'],
    leaveType: { 'ui:enumNames': ['年假', '病假'] },
    tags: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['紧急', '出差'] },
    nature: { 'ui:options': { dictionary: 'leave_nature' } },
    staff: { 'ui:options': { dataSource: { id: 7, value: 'id', label: 'name' } } },
  },
};

describe('the records of a form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows choices by their labels — the form's own options, its dictionary's and its data source's — not their values", async () => {
    serveApi((url) => {
      if (url.pathname === '/api/form-scheme/getFormInfo/3') return { data: { ...scheme, document } };
      if (url.pathname === '/api/form-scheme/instance-form-list') {
        return {
          data: pageOf([
            {
              primaryKey: 'k1',
              schemeId: 3,
              version: 1,
              data: { leaveType: 'a', tags: ['x', 'y'], nature: '2', staff: '3' },
              createUserName: '张三',
              createTime: '',
              updateTime: '2026-01-02T00:00:00.000Z',
            },
          ]),
        };
      }
      if (url.pathname.endsWith('/dictionary') && url.searchParams.get('code') === 'leave_nature') return { data: [{ dictKey: '2', dictValue: '事假' }] };
      if (url.pathname === '/api/form-scheme/3/fields/staff/options') return { data: [{ value: '3', label: '王五' }] };
      return undefined;
    });
    await renderRoutes({ '/': <FormRecords scheme={scheme} onClose={() => undefined} /> }, '/');
    const row = (await screen.findByText('年假')).closest('tr') as HTMLElement;
    expect(within(row).getByText('紧急、出差')).toBeInTheDocument();
    expect(await within(row).findByText('事假')).toBeInTheDocument();
    expect(await within(row).findByText('王五')).toBeInTheDocument();
    expect(within(row).queryByText('a')).toBeNull();
  });
});
