/** Codes of the workflow screens: templates, the task centre, the monitor. */
export const WORKFLOW_PERMISSIONS = {
  templateView: 'wfscheme:view',
  templateAdd: 'wfscheme:add',
  templateEdit: 'wfscheme:edit',
  templateDelete: 'wfscheme:delete',
  /** Read one's task lists, an instance's history and diagram. */
  taskView: 'wftask:view',
  /** Start processes and act on one's own tasks (approve, reject, transfer, withdraw, drafts, CC). */
  taskHandle: 'wftask:handle',
  monitorView: 'wfmonitor:view',
  /** Suspend, resume, assign. */
  monitorEdit: 'wfmonitor:edit',
  /** Deliver a message (payment confirmed, contract signed) that moves a waiting process on or starts one. */
  messageCorrelate: 'wfmessage:correlate',
  /** Throw a signal that moves on every process of the tenant waiting for it and starts those that start on it. */
  signalThrow: 'wfsignal:throw',
} as const;
