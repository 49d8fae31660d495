import { macroDescriptor } from '@macro/contract/workflow';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BpmnModdle } from 'bpmn-moddle';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, serveApi } from '../../../test/render';
import type { DiagramElement, Moddle, ModelingApi } from './model';
import { NodePanel } from './NodePanel';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:userTask id="review" name="审核"><bpmn:extensionElements><macro:node><macro:approver kind="sql"><![CDATA[select 7 as "F_UserId"]]></macro:approver></macro:node></bpmn:extensionElements></bpmn:userTask>
  </bpmn:process>
</bpmn:definitions>`;

/** bpmn-js's modeling, as far as the panel uses it: properties set on the business object. */
const modeling: ModelingApi = {
  updateProperties: (element, properties) => Object.assign(element.businessObject, properties),
  updateModdleProperties: (_element, target, properties) => Object.assign(target, properties),
};

afterEach(() => vi.unstubAllGlobals());

describe('the query of an SQL approver rule in the designer', () => {
  it('is written inline or names a data source chosen from the API and, optionally, its column of user ids', async () => {
    const calls = serveApi((url) => {
      if (url.pathname === '/api/data-sources') return { data: [{ id: 12, name: '在职员工', linkId: 3 }] };
      if (url.pathname === '/api/data-sources/12/fields')
        return {
          data: [
            { name: 'dept', type: 'text' },
            { name: 'uid', type: 'int4' },
          ],
        };
      // The forms a node may bind: none here.
      return { data: [] };
    });
    const moddle = new BpmnModdle({ macro: macroDescriptor });
    const { rootElement } = await moddle.fromXML(XML);
    const bo = (rootElement as { rootElements: { flowElements: Moddle[] }[] }).rootElements[0].flowElements[0];
    const element: DiagramElement = { id: 'review', type: bo.$type, businessObject: bo };
    const apis = () => ({ modeling, moddle, elementFactory: { createShape: () => element }, userTasks: () => [], quietly: (edit: () => void) => edit() });
    await renderPage(<NodePanel element={element} apis={apis as never} />);
    const user = userEvent.setup();
    const saved = async () => (await moddle.toXML(rootElement)).xml;

    expect((screen.getByTestId('node-approver-sql') as HTMLTextAreaElement).value).toBe('select 7 as "F_UserId"');
    // Nothing is asked of the data sources while the query is written inline.
    expect(calls.some((call) => call.url.pathname.startsWith('/api/data-sources'))).toBe(false);

    await user.click(screen.getByText('数据源'));
    expect(screen.queryByTestId('node-approver-sql')).toBeNull();
    await user.click(screen.getByTestId('node-approver-data-source'));
    await user.click(await screen.findByTitle('在职员工'));
    await user.click(screen.getByTestId('node-approver-column'));
    await user.click(await screen.findByTitle('uid (int4)'));
    await user.click(screen.getByTestId('node-apply'));
    let xml = await saved();
    expect(xml).toContain('<macro:approver kind="sql" dataSource="12" column="uid" />');
    expect(xml).not.toContain('F_UserId');

    // Back to inline SQL: the query is kept, the data source dropped.
    await user.click(screen.getByText('内联 SQL'));
    await user.click(screen.getByTestId('node-apply'));
    xml = await saved();
    expect(xml).toContain('<macro:approver kind="sql">select 7 as "F_UserId"</macro:approver>');
    expect(xml).not.toContain('dataSource');
  });
});
