import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

interface Issue {
  message: string;
  params?: Record<string, unknown>;
}

/** The part of a zod schema this helper needs; structural, so the web app does not import zod itself. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
  def?: { type?: string; innerType?: unknown };
}

/** A default fills a missing value, which would hide "required"; the form checks the bare schema. */
function withoutDefault(schema: FieldSchema): FieldSchema {
  return schema.def?.type === 'default' ? withoutDefault(schema.def.innerType as FieldSchema) : schema;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * An antd rule from a contract field schema: the message is the schema's message key translated
 * from the `messages` namespace (with its params, e.g. {{max}}), checked on blur.
 */
export function zodRule(schema: FieldSchema, t: TFunction, { required = true } = {}): Rule {
  const bare = withoutDefault(schema);
  return {
    required,
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (!required && isEmpty(value)) return;
      const result = bare.safeParse(value);
      if (result.success) return;
      const [issue] = result.error.issues;
      throw new Error(t(`messages:${issue.message}`, { ...issue.params }));
    },
  };
}
