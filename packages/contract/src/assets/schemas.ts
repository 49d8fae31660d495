import { z } from 'zod';
import { idList, idParam, INT_MAX, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** Where an asset stands: a draft anyone with the codes may change, or submitted to the register (read-only). */
export const ASSET_STATUS = ['draft', 'submitted'] as const;
export type AssetStatus = (typeof ASSET_STATUS)[number];

/** Most units one asset row counts, and the highest unit price (yuan), so totals stay exact. */
export const ASSET_LIMITS = { quantity: 1_000_000, unitPrice: 1_000_000_000 } as const;

/** An asset code: letters, digits, `-`, `_` and `.`; unique in the tenant. */
const assetCode = requiredText('short', 'assets.codeRequired').refine((v) => /^[A-Za-z0-9._-]+$/.test(v), { message: 'assets.codeInvalid' });

/** A calendar date `YYYY-MM-DD` that exists. */
const purchaseDate = z
  .string({ message: 'assets.dateInvalid' })
  .trim()
  .refine(
    (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
    {
      message: 'assets.dateInvalid',
    },
  );

/** Yuan with at most two decimals. */
const unitPrice = z
  .number({ message: 'assets.priceInvalid' })
  .min(0, { message: 'assets.priceInvalid' })
  .max(ASSET_LIMITS.unitPrice, { message: 'assets.priceInvalid' })
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { message: 'assets.priceInvalid' });

const optionalId = z
  .number({ message: 'common.badRequest' })
  .int({ message: 'common.badRequest' })
  .min(1, { message: 'common.badRequest' })
  .max(INT_MAX, { message: 'common.badRequest' });

/** The fields of an asset: what save and submit take. */
export const assetFields = z.object({
  assetCode,
  assetName: requiredText('standard', 'assets.nameRequired'),
  category: text('short').default(''),
  model: text('standard').default(''),
  quantity: z
    .number({ message: 'assets.quantityInvalid' })
    .int({ message: 'assets.quantityInvalid' })
    .min(1, { message: 'assets.quantityInvalid' })
    .max(ASSET_LIMITS.quantity, { message: 'assets.quantityInvalid' }),
  unitPrice,
  purchaseDate: purchaseDate.default(''),
  deptId: optionalId.nullable().default(null),
  custodianId: optionalId.nullable().default(null),
  location: text('standard').default(''),
  remark: text('description').default(''),
});

/** Save (a draft) or submit: the fields, and the id of the draft when it exists already. */
export const assetBody = assetFields.extend({ id: optionalId.optional() });
export type AssetBody = z.input<typeof assetBody>;

export const asset = z
  .object({
    id: z.number(),
    assetCode: z.string(),
    assetName: z.string(),
    category: z.string(),
    model: z.string(),
    quantity: z.number(),
    unitPrice: z.number(),
    /** quantity × unitPrice, in yuan. */
    amount: z.number(),
    purchaseDate: z.string(),
    deptId: z.number().nullable(),
    deptName: z.string(),
    custodianId: z.number().nullable(),
    custodianName: z.string(),
    location: z.string(),
    remark: z.string(),
    status: z.enum(ASSET_STATUS),
    submitTime: z.string().nullable(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Asset' });
export type Asset = z.infer<typeof asset>;

export const assetListQuery = pageQuery.extend({
  assetCode: searchText,
  assetName: searchText,
  status: z.enum(ASSET_STATUS, { message: 'assets.statusInvalid' }).optional(),
});
export const assetIdQuery = z.object({ id: idParam });
export const assetRemoveQuery = z.object({ ids: idList });
export const assetRemoved = z.object({ removed: z.number().int() });
