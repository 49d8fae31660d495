declare module 'bpmn-moddle' {
  interface FromXmlResult {
    rootElement: unknown;
    warnings?: { message: string }[];
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<FromXmlResult>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
    create(type: string, properties?: Record<string, unknown>): unknown;
  }
}
