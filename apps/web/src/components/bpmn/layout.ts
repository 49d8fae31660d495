import { macroDescriptor } from '@macro/contract/workflow';

type Linked = {
  $type: string;
  sourceRef?: Linked;
  targetRef?: Linked;
  incoming?: Linked[];
  outgoing?: Linked[];
  flowElements?: Linked[];
  rootElements?: Linked[];
};

/**
 * Lays out XML that carries no diagram (written by hand or by another tool) before it is shown.
 * The layout walks each node's `outgoing`, which hand-written XML often leaves out: they are
 * filled in from the sequence flows first.
 */
export async function withDiagram(xml: string): Promise<string> {
  if (/BPMNDiagram/.test(xml)) return xml;
  const [{ BpmnModdle }, { layoutProcess }] = await Promise.all([import('bpmn-moddle'), import('bpmn-auto-layout')]);
  const moddle = new BpmnModdle({ macro: macroDescriptor });
  const definitions = (await moddle.fromXML(xml)).rootElement as Linked;
  const containers = (definitions.rootElements ?? []).flatMap(function walk(element: Linked): Linked[] {
    return [element, ...(element.flowElements ?? []).filter((e) => e.flowElements).flatMap(walk)];
  });
  for (const flow of containers.flatMap((c) => c.flowElements ?? []).filter((e) => e.$type === 'bpmn:SequenceFlow')) {
    const { sourceRef: source, targetRef: target } = flow;
    if (source && !source.outgoing?.includes(flow)) source.outgoing = [...(source.outgoing ?? []), flow];
    if (target && !target.incoming?.includes(flow)) target.incoming = [...(target.incoming ?? []), flow];
  }
  return layoutProcess((await moddle.toXML(definitions)).xml);
}
