import { z } from 'zod';

/**
 * The parent of the areas asked for: absent, empty or `0` for the provinces (level 0); a
 * province's code (2 digits) for its cities (level 1); a city's code (4 digits) for its
 * counties (level 2, leaves). Codes are the official administrative division codes.
 */
export const areaParent = z
  .string()
  .trim()
  .max(12, { message: 'areas.parentInvalid' })
  .refine((v) => v === '' || v === '0' || /^\d{2}(\d{2})?$/.test(v), { message: 'areas.parentInvalid' })
  .transform((v) => (v === '0' ? '' : v));

export const areaQuery = z.object({ parentId: areaParent.default('') });
export const areaParams = z.object({ parentId: areaParent });

/** One area. */
export const areaItem = z
  .object({
    F_AreaId: z.string(),
    F_AreaName: z.string(),
    F_ParentId: z.string(),
    /** 0 province, 1 city, 2 county. */
    F_Layer: z.number().int(),
    /** No children below (counties, and the few cities without counties). */
    isLeaf: z.boolean(),
  })
  .meta({ id: 'AreaItem' });
export type AreaItem = z.infer<typeof areaItem>;

/** How deep the cascading selector goes: province, city, county. */
export const AREA_LEVELS = 3;
