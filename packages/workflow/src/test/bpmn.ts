/** Small builders for test models: BPMN XML with our `macro:node` settings. */

export const definitions = (processId: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${processId}" targetNamespace="http://macro.console/test">
  <bpmn:process id="${processId}" name="${processId}" isExecutable="true">
${body}
  </bpmn:process>
</bpmn:definitions>`;

export const start = (id = 'start') => `<bpmn:startEvent id="${id}" name="${id}"/>`;
export const end = (id = 'end', terminate = false) =>
  terminate ? `<bpmn:endEvent id="${id}"><bpmn:terminateEventDefinition/></bpmn:endEvent>` : `<bpmn:endEvent id="${id}"/>`;

export interface UserOptions {
  kind?: string;
  values?: string;
  counterSign?: string;
  node?: string;
  inner?: string;
}

export const user = (id: string, users: string | UserOptions) => {
  const o: UserOptions = typeof users === 'string' ? { values: users } : users;
  return `<bpmn:userTask id="${id}" name="${id}"><bpmn:extensionElements><macro:node${o.node ? ` ${o.node}` : ''}>
    <macro:approver kind="${o.kind ?? 'person'}" values="${o.values ?? ''}"/>${o.counterSign ? `<macro:counterSign ${o.counterSign}/>` : ''}${o.inner ?? ''}
  </macro:node></bpmn:extensionElements></bpmn:userTask>`;
};

export const gateway = (kind: 'exclusive' | 'parallel' | 'inclusive', id: string, defaultFlow?: string) =>
  `<bpmn:${kind}Gateway id="${id}"${defaultFlow ? ` default="${defaultFlow}"` : ''}/>`;

export const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression>${condition.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</bpmn:conditionExpression></bpmn:sequenceFlow>`
    : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

/** A chain of flows: chain('start', 'a', 'b', 'end') links each to the next. */
export const chain = (...ids: string[]) =>
  ids
    .slice(1)
    .map((to, i) => flow(`f_${ids[i]}_${to}`, ids[i], to))
    .join('\n');
