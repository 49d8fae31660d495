import type { FailureProblem } from '@macro/contract';
import type { Scheme } from '@macro/contract/workflow';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serveApi } from '../../test/render';
import { SchemeDialog } from './SchemeDialog';

// bpmn-js draws with SVG the test DOM lacks: the editor stands in with what it is handed.
vi.mock('./designer/BpmnEditor', () => ({
  BpmnEditor: ({ refused = [], focus }: { refused?: FailureProblem[]; focus?: { id: string } }) => (
    <div data-testid="editor-stub" data-focus={focus?.id ?? ''}>
      {refused.map((p) => p.elementId).join(',')}
    </div>
  ),
}));

const XML = '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process id="p"/></bpmn:definitions>';
const record: Scheme = {
  id: 7,
  code: 'expense',
  name: '报销',
  category: 'finance',
  enabled: true,
  remark: '',
  version: 1,
  definitionId: 3,
  createTime: '',
  updateTime: '',
};
const problems: FailureProblem[] = [
  { elementType: 'UserTask', elementId: 'manager', code: 'approverMissing', message: '审批节点需要设置审批人规则' },
  { elementType: 'UserTask', elementId: 'director', code: 'approverKindUnknown', message: '未知的审批人类型 wizard' },
  { elementType: 'EndEvent', elementId: 'end', code: 'endEventDefinition', message: '不支持带 SignalEventDefinition 的结束事件' },
];

afterEach(() => vi.unstubAllGlobals());

describe('saving a template the engine refuses', () => {
  it('lists every problem the server names, each naming its element, and shows the element chosen in the diagram', async () => {
    serveApi((url) => {
      if (url.pathname.endsWith('/dictionary')) return { data: [{ dictKey: 'finance', dictValue: '财务' }] };
      if (url.pathname.endsWith('/model-scheme-info/info')) return { data: { ...record, xml: XML } };
      if (url.pathname.endsWith('/model-scheme-info/update')) {
        const sysMsg = '流程配置无效：UserTask manager：审批节点需要设置审批人规则（另有 2 处问题）';
        return {
          status: 422,
          body: { code: 422, success: false, error_code: 422, httpCode: 422, sys_msg: sysMsg, error_description: sysMsg, data: null, problems },
        };
      }
      return undefined;
    });
    await renderPage(<SchemeDialog state={{ mode: 'edit', record }} onClose={() => {}} />);
    const dialog = await screen.findByTestId('scheme-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('editor-stub')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('tab', { name: 'XML' }));
    await waitFor(() => expect((within(dialog).getByTestId('scheme-field-xml') as HTMLTextAreaElement).value).toBe(XML));
    fireEvent.click(within(dialog).getByTestId('scheme-dialog-save'));
    const list = await within(dialog).findByTestId('scheme-refused');
    expect(list.textContent).toContain('未保存：流程有 3 处问题');
    const items = within(list)
      .getAllByTestId('scheme-refused-item')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'UserTask manager审批节点需要设置审批人规则',
      'UserTask director未知的审批人类型 wizard',
      'EndEvent end不支持带 SignalEventDefinition 的结束事件',
    ]);
    // Choosing one opens the diagram on that element; the editor lists the same problems there.
    fireEvent.click(within(list).getByRole('button', { name: /UserTask director/ }));
    const editor = await within(dialog).findByTestId('editor-stub');
    expect(editor.dataset.focus).toBe('director');
    expect(editor.textContent).toBe('manager,director,end');
    expect(within(dialog).queryByTestId('scheme-refused')).toBeNull();
    // The XML changed: the refusal no longer speaks for it.
    fireEvent.click(within(dialog).getByRole('tab', { name: 'XML' }));
    fireEvent.change(within(dialog).getByTestId('scheme-field-xml'), { target: { value: `${XML} ` } });
    await waitFor(() => expect(within(dialog).queryByTestId('scheme-refused')).toBeNull());
  });
});
