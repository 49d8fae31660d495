// @vitest-environment jsdom
// bpmn-js needs SVG transforms and XML parsing that happy-dom does not implement.
import Modeler from 'bpmn-js/lib/Modeler';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withDiagram } from '../../../components/bpmn/layout';
import en from '../../../i18n/en/schemes.json';
import zh from '../../../i18n/zh/schemes.json';
import { engineToolsModule } from './engineTools';
import { stubSvgGeometry } from './modelerTesting';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="start"/><bpmn:userTask id="review"/><bpmn:eventBasedGateway id="race"/><bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/><bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="race"/>
    <bpmn:task id="plain"/>
  </bpmn:process>
</bpmn:definitions>`;

interface Entry {
  title?: string;
  action?: { click?: (event: Event, element?: unknown) => void };
}
interface Shape {
  id: string;
  type: string;
}

/** The designer's modeler with the engine's tools, its words from one language's schemes.json (as BpmnEditor does). */
async function designer(bundle: { bpmn: Record<string, string> }) {
  const container = document.createElement('div');
  document.body.append(container);
  const translate = (template: string) => bundle.bpmn[template] ?? template;
  const modeler = new Modeler({ container, additionalModules: [{ translate: ['value', translate] }, engineToolsModule] });
  await modeler.importXML(await withDiagram(XML));
  const shape = (id: string) => modeler.get<{ get: (id: string) => Shape }>('elementRegistry').get(id);
  const padEntries = (id: string) => modeler.get<{ getEntries: (target: Shape) => Record<string, Entry> }>('contextPad').getEntries(shape(id));
  const titles = (entries: Record<string, Entry>) => Object.fromEntries(Object.entries(entries).map(([id, entry]) => [id, entry.title]));
  return { modeler, container, shape, padEntries, titles };
}

let open: Modeler | undefined;
afterEach(() => {
  open?.destroy();
  open = undefined;
  document.body.innerHTML = '';
});

describe('the designer offers what the engine runs', () => {
  beforeAll(stubSvgGeometry);

  it('has a palette of the runnable kinds, each button named in Chinese', async () => {
    const { modeler, container, titles } = await designer(zh);
    open = modeler;
    const entries = modeler.get<{ getEntries: () => Record<string, Entry> }>('palette').getEntries();
    expect(Object.entries(titles(entries))).toEqual(
      Object.entries({
        'hand-tool': '抓手工具',
        'lasso-tool': '框选工具',
        'space-tool': '插入/删除空间',
        'global-connect-tool': '连线工具',
        'tool-separator': undefined,
        'create.start-event': '创建开始事件',
        'create.end': '创建结束事件',
        'create.approval': '创建审批节点',
        'create.cc': '创建抄送节点',
        'create.service': '创建服务调用',
        'create.condition': '创建条件分支',
        'create.parallel': '创建并行分支',
        'create.event-gateway': '创建事件网关',
        'create.timer': '创建定时等待',
        'create.message': '创建消息等待',
        'create.signal': '创建信号等待',
        'create.subprocess-expanded': '创建展开的子流程',
      }),
    );
    const buttons = [...container.querySelectorAll('.djs-palette .entry')];
    expect(buttons).toHaveLength(16);
    for (const button of buttons) {
      expect(button.getAttribute('role')).toBe('button');
      expect(button.getAttribute('aria-label')).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('appends the runnable kinds from a task, in English, and an approval node is a user task shown selected', async () => {
    const { modeler, container, shape, padEntries, titles } = await designer(en);
    open = modeler;
    expect(titles(padEntries('review'))).toEqual({
      'append.approval': 'Append approval node',
      'append.cc': 'Append CC node (send task)',
      'append.condition': 'Append condition (exclusive gateway)',
      'append.parallel': 'Append parallel branches (parallel gateway)',
      'append.service': 'Append service call (service task)',
      'append.timer': 'Append timer (wait)',
      'append.message': 'Append message wait (catch event)',
      'append.signal': 'Append signal wait (catch event)',
      'append.event-gateway': 'Append event-based gateway (first event wins)',
      'append.end': 'Append end event',
      'append.text-annotation': 'Add text annotation',
      replace: 'Change element',
      delete: 'Delete',
      connect: 'Connect to other element',
    });
    // An event-based gateway leads only to what it waits for.
    expect(Object.keys(padEntries('race')).filter((id) => id.startsWith('append.') && id !== 'append.text-annotation')).toEqual([
      'append.timer',
      'append.message',
      'append.signal',
      'append.receive',
    ]);
    // An end event leads nowhere.
    expect(Object.keys(padEntries('end')).filter((id) => id.startsWith('append.') && id !== 'append.text-annotation')).toEqual([]);

    // Each button of the open pad is named.
    modeler.get<{ open: (target: Shape) => void }>('contextPad').open(shape('review'));
    const buttons = [...container.querySelectorAll('.djs-context-pad .entry')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toContain('Append approval node');
    for (const button of buttons) {
      expect(button.getAttribute('role')).toBe('button');
      expect(button.getAttribute('aria-label')).toBeTruthy();
    }

    padEntries('review')['append.approval'].action?.click?.(new MouseEvent('click'), shape('review'));
    const selected = modeler.get<{ get: () => Shape[] }>('selection').get();
    expect(selected.map((s) => s.type)).toEqual(['bpmn:UserTask']);
    const { xml } = await modeler.saveXML();
    expect(xml).toMatch(new RegExp(`<bpmn:sequenceFlow id="[^"]+" sourceRef="review" targetRef="${selected[0].id}"`));
  });

  it("changes a task's type only to what the engine runs", async () => {
    const { modeler, container, shape } = await designer(zh);
    open = modeler;
    modeler
      .get<{ open: (target: Shape, id: string, position: { x: number; y: number }) => void }>('popupMenu')
      .open(shape('plain'), 'bpmn-replace', { x: 0, y: 0 });
    const offered = [...container.ownerDocument.querySelectorAll('.djs-popup [data-id]')].map((e) => e.getAttribute('data-id'));
    expect(offered.filter((id) => id?.startsWith('replace-with-')).sort()).toEqual(
      [
        'replace-with-call-activity',
        'replace-with-collapsed-subprocess',
        'replace-with-expanded-subprocess',
        'replace-with-receive-task',
        'replace-with-send-task',
        'replace-with-service-task',
        'replace-with-user-task',
      ].sort(),
    );
    expect(offered).not.toContain('toggle-loop');
    expect(container.ownerDocument.querySelector('.djs-popup [data-id="replace-with-user-task"]')?.textContent).toContain('审批节点');
  });
});
