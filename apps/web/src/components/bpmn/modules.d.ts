declare module 'bpmn-auto-layout' {
  /** Adds diagram interchange (shapes and edges) to BPMN XML that has none. */
  export function layoutProcess(xml: string): Promise<string>;
}

declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: unknown }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
