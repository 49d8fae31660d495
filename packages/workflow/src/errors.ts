import type { LintProblem } from './definitions/model.ts';

/**
 * A refusal the engine explains: `code` is a message key (workflow.*) the server translates in
 * the request's language, `params` fill it in, `message` is the English detail for logs.
 */
export class WorkflowError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
    /** For a model the lint refuses: every problem, each naming its element, so the server can say them in the reader's language. */
    readonly problems: readonly LintProblem[] = [],
  ) {
    super(message);
    this.name = 'WorkflowError';
  }
}

export const refuse = (code: string, message: string, params: Record<string, string | number> = {}): never => {
  throw new WorkflowError(code, message, params);
};

/**
 * A service task's failure the model may catch: an error boundary event of the task whose
 * bpmn:error has this `errorCode` (or none) takes the token on instead of refusing the operation.
 * `errorCode` is what the history shows: an HTTP status or a reason word, never an address or
 * database text.
 */
export class ServiceFailure extends WorkflowError {
  constructor(
    code: string,
    message: string,
    params: Record<string, string | number>,
    readonly errorCode: string,
  ) {
    super(code, message, params);
    this.name = 'ServiceFailure';
  }
}
