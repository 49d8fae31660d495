// @vitest-environment jsdom
// bpmn-js needs SVG transforms and XML parsing that happy-dom does not implement.
import Modeler from 'bpmn-js/lib/Modeler';
import { beforeAll, describe, expect, it } from 'vitest';
import { withDiagram } from '../../../components/bpmn/layout';
import { stubSvgGeometry } from './modelerTesting';
import { type DiagramShape, readReminder, type ShapeApi, writeReminder } from './reminder';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="start"/><bpmn:userTask id="review"/><bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/><bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

describe('“remind every …” through bpmn-js', () => {
  beforeAll(stubSvgGeometry);

  it('draws the non-interrupting cycle timer on the task, changes its cycle, and removes it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const modeler = new Modeler({ container });
    await modeler.importXML(await withDiagram(XML));
    const task = modeler.get<{ get: (id: string) => DiagramShape }>('elementRegistry').get('review');
    const api: ShapeApi = { modeling: modeler.get('modeling'), elementFactory: modeler.get('elementFactory'), moddle: modeler.get('moddle') };
    const saved = async () => (await modeler.saveXML()).xml ?? '';

    writeReminder(task, { remindEvery: 24, remindUnit: 'H', remindTimes: 3 }, api);
    expect(await saved()).toMatch(
      /<bpmn:boundaryEvent id="[^"]+" cancelActivity="false" attachedToRef="review"><bpmn:timerEventDefinition id="[^"]+"><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R3\/PT24H<\/bpmn:timeCycle>/,
    );
    writeReminder(task, { remindEvery: 2, remindUnit: 'D', remindTimes: null }, api);
    expect(readReminder(task)).toEqual({ remindEvery: 2, remindUnit: 'D', remindTimes: null });
    expect((await saved()).match(/<bpmn:boundaryEvent /g)).toHaveLength(1);
    writeReminder(task, { remindEvery: null, remindUnit: 'D', remindTimes: null }, api);
    expect(await saved()).not.toContain('boundaryEvent');
    modeler.destroy();
  });
});
