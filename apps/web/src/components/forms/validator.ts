import { checkFormData, type FormDataIssue, type FormSchemaDoc } from '@macro/contract/forms';
import { type RJSFSchema, type RJSFValidationError, toErrorSchema, type ValidationData, type ValidatorType } from '@rjsf/utils';

/*
 * rjsf's validator, backed by the contract's form check: the console's content security policy
 * forbids the code generation ajv relies on, and the same check is what a server test holds
 * ajv to, so a form accepts here exactly what the server accepts.
 */

const asForm = (schema: RJSFSchema) => schema as unknown as FormSchemaDoc;
const isForm = (schema: RJSFSchema) => schema.type === 'object' && typeof schema.properties === 'object';

function toRjsf(issue: FormDataIssue): RJSFValidationError {
  const property = issue.field ? `.${issue.field}` : '';
  return { name: issue.keyword, property, params: issue.params, message: issue.keyword, stack: `${property} ${issue.keyword}`.trim(), schemaPath: '' };
}

export const formValidator: ValidatorType = {
  validateFormData(formData, schema, _customValidate, transformErrors, uiSchema): ValidationData<unknown> {
    let errors = isForm(schema) ? checkFormData(asForm(schema), formData ?? {}).map(toRjsf) : [];
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid(schema, formData) {
    return !isForm(schema) || checkFormData(asForm(schema), formData ?? {}).length === 0;
  },
  rawValidation(schema, formData) {
    return { errors: isForm(schema) ? checkFormData(asForm(schema), formData ?? {}) : [] } as never;
  },
};
