import { type FieldSchema, isRequired, unwrap } from '../zodRule';

/** The input a schema field gets unless the domain says otherwise. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'choice' | 'switch';

export interface FieldShape {
  kind: FieldKind;
  required: boolean;
  /** Numbers: whole numbers only, and their bounds (for the keyboard's step, never to clamp). */
  integer?: boolean;
  min?: number;
  max?: number;
  /** Texts: the length limit the schema checks. */
  maxLength?: number;
  /** Choices: the values the schema accepts. */
  options?: readonly (string | number | boolean)[];
}

/** Texts allowed more than this many characters (descriptions, remarks) get a text area. */
const LONG_TEXT = 200;

function maxLengthOf(schema: FieldSchema): number | undefined {
  for (const check of schema.def?.checks ?? []) {
    const def = check._zod?.def;
    if (def?.check === 'max_length' && typeof def.maximum === 'number') return def.maximum;
    if (def?.check === 'custom' && typeof def.params?.max === 'number') return def.params.max;
  }
  return undefined;
}

function literalValues(schema: FieldSchema): (string | number | boolean)[] | undefined {
  const inner = unwrap(schema);
  const type = inner.def?.type;
  if (type === 'literal') return [...((inner.def?.values ?? []) as (string | number | boolean)[])];
  if (type === 'enum') return Object.values(inner.def?.entries ?? {});
  if (type === 'union') {
    const parts = (inner.def?.options ?? []).map((option) => literalValues(option as FieldSchema));
    return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/** What the contract's schema says a form field is: its input, whether it is required, its bounds. */
export function describeField(schema: FieldSchema): FieldShape {
  const required = isRequired(schema);
  const inner = unwrap(schema);
  switch (inner.def?.type) {
    case 'number':
      return {
        kind: 'number',
        required,
        integer: inner.isInt === true,
        min: inner.minValue ?? undefined,
        max: inner.maxValue ?? undefined,
      };
    case 'boolean':
      return { kind: 'switch', required };
    case 'string': {
      const maxLength = maxLengthOf(inner);
      return { kind: maxLength !== undefined && maxLength > LONG_TEXT ? 'textarea' : 'text', required, maxLength };
    }
    default: {
      const options = literalValues(inner);
      return options ? { kind: 'choice', required, options } : { kind: 'text', required };
    }
  }
}
