/** How a node's approvers are found: the kinds of the `macro:approver` rule. */
export const APPROVER_KINDS = ['person', 'roleCompany', 'roleDept', 'post', 'superior', 'nodeApprover', 'formField', 'sql'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];

/**
 * The data source an SQL rule names instead of inline SQL (`<macro:approver kind="sql"
 * dataSource="12" column="user_id"/>`): its rows' `column` (else their first column) holds the
 * approvers' user ids. An SQL rule holds exactly one of the two.
 */
export interface ApproverDataSource {
  id: number;
  column?: string;
}

/** The built-in services a service task may name (`macro:service kind="builtin" name="…"`). */
export const BUILTIN_SERVICES = ['archive', 'timestamp'] as const;
/** The methods a service task's HTTP call may use. */
export const SERVICE_METHODS = ['POST', 'PUT', 'GET'] as const;
/** The language the designer writes conditions in, when the definitions declare another. */
export const FEEL_LANGUAGE = 'https://www.omg.org/spec/DMN/20191111/FEEL/';

/**
 * Our node settings as a bpmn-moddle extension (the engine reads them, the designer writes them): they live in `bpmn:extensionElements`, so a
 * model designed in bpmn-js, exported and imported again keeps them.
 */
export const MACRO_URI = 'http://macro.console/schema/bpmn';

export const macroDescriptor = {
  name: 'Macro',
  uri: MACRO_URI,
  prefix: 'macro',
  xml: { tagAlias: 'lowerCase' },
  types: [
    {
      name: 'Node',
      superClass: ['Element'],
      properties: [
        { name: 'autoAgree', isAttr: true, type: 'Boolean' },
        { name: 'previousDesignates', isAttr: true, type: 'Boolean' },
        { name: 'designateNext', isAttr: true, type: 'Boolean' },
        /** Rejected back to, the node reopens for whoever completed it last instead of resolving its approvers again. */
        { name: 'rejectedToSameApprover', isAttr: true, type: 'Boolean' },
        /** How long a task of the node has (ISO 8601 duration): then it is overdue. */
        { name: 'dueIn', isAttr: true, type: 'String' },
        { name: 'approver', type: 'Approver' },
        { name: 'counterSign', type: 'CounterSign' },
        { name: 'buttons', type: 'Button', isMany: true },
        { name: 'reject', type: 'Reject' },
        { name: 'withdraw', type: 'Withdraw' },
        { name: 'form', type: 'Form' },
        { name: 'service', type: 'Service' },
      ],
    },
    {
      name: 'Approver',
      properties: [
        { name: 'kind', isAttr: true, type: 'String' },
        { name: 'values', isAttr: true, type: 'String' },
        /** An SQL rule's inline query. */
        { name: 'text', isBody: true, type: 'String' },
        /** Or the id of the data source an SQL rule runs (read as text: the lint refuses anything but an id). */
        { name: 'dataSource', isAttr: true, type: 'String' },
        /** The data source's column holding the user ids; absent, its first column. */
        { name: 'column', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'CounterSign',
      properties: [
        { name: 'type', isAttr: true, type: 'String' },
        { name: 'completion', isAttr: true, type: 'String' },
        { name: 'percent', isAttr: true, type: 'Integer' },
      ],
    },
    {
      name: 'Button',
      properties: [
        { name: 'code', isAttr: true, type: 'String' },
        { name: 'label', isAttr: true, type: 'String' },
        { name: 'enabled', isAttr: true, type: 'Boolean' },
      ],
    },
    {
      name: 'Reject',
      properties: [
        { name: 'mode', isAttr: true, type: 'String' },
        { name: 'nodes', isAttr: true, type: 'String' },
      ],
    },
    { name: 'Withdraw', properties: [{ name: 'allowed', isAttr: true, type: 'Boolean' }] },
    {
      name: 'Form',
      properties: [
        { name: 'formKey', isAttr: true, type: 'String' },
        { name: 'fields', type: 'Field', isMany: true },
      ],
    },
    {
      name: 'Field',
      properties: [
        { name: 'name', isAttr: true, type: 'String' },
        { name: 'permission', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'Service',
      properties: [
        { name: 'kind', isAttr: true, type: 'String' },
        { name: 'name', isAttr: true, type: 'String' },
        { name: 'url', isAttr: true, type: 'String' },
        { name: 'method', isAttr: true, type: 'String' },
      ],
    },
  ],
  enumerations: [],
  associations: [],
};
