/// <reference path="./bpmn-moddle.d.ts" />
import { BpmnModdle } from 'bpmn-moddle';
import { refuse } from '../errors.ts';
import { macroDescriptor } from '@macro/contract/workflow';

/** A node of a parsed model, as bpmn-moddle gives it (properties by name, `$type` like `bpmn:UserTask`). */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  $parent?: ModdleElement;
  $attrs?: Record<string, string>;
  [property: string]: unknown;
}

export interface ParsedXml {
  root: ModdleElement;
  warnings: string[];
}

const newModdle = () => new BpmnModdle({ macro: macroDescriptor });

/** Reads BPMN 2.0 XML; malformed XML is refused with the parser's message. */
export async function parseXml(xml: string): Promise<ParsedXml> {
  try {
    const result = await newModdle().fromXML(xml, 'bpmn:Definitions');
    const warnings = (result.warnings ?? []).map((w: { message: string }) => w.message);
    return { root: result.rootElement as unknown as ModdleElement, warnings };
  } catch (error) {
    return refuse('workflow.badXml', `the BPMN XML cannot be read: ${(error as Error).message}`, {
      detail: (error as Error).message,
    });
  }
}

/** Writes a parsed (and possibly changed) model back to XML. */
export async function toXml(root: ModdleElement): Promise<string> {
  const { xml } = await newModdle().toXML(root as never, { format: true });
  return xml ?? '';
}

/** Creates a `macro:*` (or any) element for a model being edited. */
export function createElement(type: string, properties: Record<string, unknown>): ModdleElement {
  return newModdle().create(type, properties) as unknown as ModdleElement;
}
