import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

interface Issue {
  message: string;
  params?: Record<string, unknown>;
}

interface Check {
  _zod?: { def?: { check?: string; maximum?: number; params?: { max?: unknown } } };
}

/**
 * The part of a zod schema the console reads; structural, so the web app does not import zod
 * itself. `def` is zod 4's definition (type, wrapped schema, union options, literal values,
 * checks); numbers expose their bounds directly.
 */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
  def?: {
    type?: string;
    innerType?: unknown;
    options?: readonly unknown[];
    values?: readonly unknown[];
    entries?: Record<string, string | number>;
    checks?: readonly Check[];
  };
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
}

const WRAPPERS = new Set(['default', 'optional', 'nullable', 'prefault', 'readonly']);

/** A default fills a missing value, which would hide "required"; the form checks the bare schema. */
export function withoutDefault(schema: FieldSchema): FieldSchema {
  return schema.def?.type === 'default' || schema.def?.type === 'prefault' ? withoutDefault(schema.def.innerType as FieldSchema) : schema;
}

/** The schema under every wrapper (default, optional, nullable). */
export function unwrap(schema: FieldSchema): FieldSchema {
  const type = schema.def?.type;
  return type && WRAPPERS.has(type) ? unwrap(schema.def?.innerType as FieldSchema) : schema;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Whether a form must ask for the field: not when the schema is optional or takes an empty
 * value as it is (a remark defaulting to ''); a default alone does not make a field optional.
 */
export function isRequired(schema: FieldSchema): boolean {
  if (schema.def?.type === 'optional') return false;
  const bare = withoutDefault(schema);
  if (bare.def?.type === 'optional' || bare.def?.type === 'nullable') return false;
  return !bare.safeParse('').success && !bare.safeParse(undefined).success;
}

/**
 * An antd rule from a contract field schema: the message is the schema's message key translated
 * from the `messages` namespace (with its params, e.g. {{max}}), checked on blur. Whether the
 * field is required comes from the schema unless given.
 */
export function zodRule(schema: FieldSchema, t: TFunction, { required = isRequired(schema) } = {}): Rule {
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
