import { type DiagramElement, definitionsOf, freeId, type Moddle, type ModdleFactory, type ModelingApi } from './model';

/*
 * The code an error boundary event of a service task catches: its bpmn:error's errorCode (an
 * HTTP status such as 503, or a failure reason); none catches every failure (docs/workflow.md).
 */

/** The error definition of an error boundary event; undefined for any other element. */
export function errorHolder(element: DiagramElement): Moddle | undefined {
  if (element.type !== 'bpmn:BoundaryEvent') return undefined;
  const definitions = (element.businessObject.eventDefinitions as Moddle[] | undefined) ?? [];
  return definitions.length === 1 && definitions[0].$type === 'bpmn:ErrorEventDefinition' ? definitions[0] : undefined;
}

/** The code the event catches ('' for every failure). */
export const readErrorCode = (element: DiagramElement) => String((errorHolder(element)?.errorRef as Moddle | undefined)?.errorCode ?? '').trim();

/**
 * Points the event at the bpmn:error with code `code`: the one of that code in the definitions if
 * there is one, else a new one; an empty code drops the reference, so it catches every failure.
 */
export function writeErrorCode(element: DiagramElement, code: string, modeling: ModelingApi, moddle: ModdleFactory): void {
  const holder = errorHolder(element);
  const definitions = holder && definitionsOf(element.businessObject);
  const wanted = code.trim();
  if (!holder || !definitions || readErrorCode(element) === wanted) return;
  if (!wanted) {
    modeling.updateModdleProperties(element, holder, { errorRef: undefined });
    return;
  }
  const roots = (definitions.rootElements as Moddle[] | undefined) ?? [];
  let error = roots.find((root) => root.$type === 'bpmn:Error' && String(root.errorCode ?? '').trim() === wanted);
  if (!error) {
    error = moddle.create('bpmn:Error', { id: freeId(roots, 'Error'), name: wanted, errorCode: wanted });
    modeling.updateModdleProperties(element, definitions, { rootElements: [...roots, error] });
  }
  modeling.updateModdleProperties(element, holder, { errorRef: error });
}
