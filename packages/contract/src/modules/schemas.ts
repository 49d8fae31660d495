import { z } from 'zod';
import { idParam, parentId } from '../envelope.ts';
import { isMenuPath } from '../menus/schemas.ts';
import { requiredText, searchText, text } from '../text.ts';

/** A permission or field code: letters, digits, `:`, `_`, `.` and `-`, as menu codes are. */
const code = (required: string) =>
  requiredText('standard', required).refine((v) => /^[A-Za-z0-9][A-Za-z0-9:_.-]*$/.test(v), { message: 'modules.codeInvalid' });
const sort = z
  .number({ message: 'validation.digits' })
  .int({ message: 'validation.digits' })
  .min(0, { message: 'validation.digits' })
  .max(99999, { message: 'validation.digits' })
  .default(1);

/** A button of a module: it becomes a button menu entry, its code a permission code roles grant. */
export const moduleButton = z.object({ code: code('modules.buttonCodeRequired'), name: requiredText('standard', 'modules.buttonNameRequired') });
/** A form field or list column of a module. */
export const moduleField = z.object({ field: code('modules.fieldRequired'), label: requiredText('standard', 'modules.labelRequired') });

export const moduleBody = z.object({
  parentId: parentId.default(0),
  name: requiredText('standard', 'modules.nameRequired'),
  code: code('modules.codeRequired'),
  path: text('description').refine(isMenuPath, { message: 'menus.pathInvalid' }).default(''),
  source: text('short').default(''),
  sort,
  /** The subsystem it belongs to; 0 for none. */
  subsystemId: parentId.default(0),
  buttons: z.array(moduleButton, { message: 'common.badRequest' }).max(50, { message: 'common.badRequest' }).default([]),
  forms: z.array(moduleField, { message: 'common.badRequest' }).max(200, { message: 'common.badRequest' }).default([]),
  columns: z.array(moduleField, { message: 'common.badRequest' }).max(200, { message: 'common.badRequest' }).default([]),
});
export type ModuleBody = z.input<typeof moduleBody>;

export const moduleButtonRecord = z.object({ id: z.number(), code: z.string(), name: z.string() }).meta({ id: 'ModuleButton' });
export const moduleFieldRecord = z.object({ field: z.string(), label: z.string() }).meta({ id: 'ModuleField' });

export const moduleRecord = z
  .object({
    id: z.number(),
    parentId: z.number(),
    name: z.string(),
    code: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    subsystemId: z.number(),
    buttons: z.array(moduleButtonRecord),
    forms: z.array(moduleFieldRecord),
    columns: z.array(moduleFieldRecord),
  })
  .meta({ id: 'Module' });
export type ModuleRecord = z.infer<typeof moduleRecord>;

export const moduleIdParams = z.object({ id: idParam });
export const moduleNameParams = z.object({ name: requiredText('standard', 'modules.codeRequired') });
export const moduleListQuery = z.object({ name: searchText, code: searchText });
export const validateUrlQuery = z.object({ url: requiredText('description', 'modules.urlRequired') });
export const validateUrlResult = z.object({ valid: z.boolean(), usedBy: z.string() });
export const moduleRemoved = z.object({ removed: z.number().int() });

export const subsystemBody = z.object({
  code: code('modules.subsystemCodeRequired'),
  name: requiredText('standard', 'modules.subsystemNameRequired'),
  icon: text('short').default(''),
  sort,
  remark: text('description').default(''),
});
export type SubsystemBody = z.input<typeof subsystemBody>;
export const subsystem = z
  .object({ id: z.number(), code: z.string(), name: z.string(), icon: z.string(), sort: z.number(), remark: z.string(), modules: z.number() })
  .meta({ id: 'Subsystem' });
export type Subsystem = z.infer<typeof subsystem>;
