import { z } from 'zod';
import { encryptedPassword } from '../auth/schemas.ts';
import { IMAGE_TYPES, imageDataUrl, parseDataUrl } from '../images.ts';
import { id, idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';

/** Private stamps belong to the user who made them; public ones are used by their members. */
export const STAMP_CATEGORY = { private: 1, public: 2 } as const;
export type StampCategory = (typeof STAMP_CATEGORY)[keyof typeof STAMP_CATEGORY];
export const STAMP_STATUS = { enabled: 1, disabled: 0 } as const;

/** Spec 001 §5 and §9: a stamp image is at most 5 MB. */
export const STAMP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Image types a stamp may be: the platform's. */
export const STAMP_IMAGE_TYPES = IMAGE_TYPES;

/** An image as a data URL (`data:image/png;base64,…`), at most 5 MB decoded. */
export const stampImage = imageDataUrl(STAMP_IMAGE_MAX_BYTES, { required: 'stamps.imageRequired', type: 'stamps.imageType', tooLarge: 'stamps.imageTooLarge' });

export { parseDataUrl };

const category = z.union([z.literal(STAMP_CATEGORY.private), z.literal(STAMP_CATEGORY.public)], { message: 'stamps.categoryRequired' });
const userIds = z.array(id, { message: 'common.idsInvalid' }).max(500, { message: 'common.idsInvalid' });

/** A stamp as lists and dialogs show it (never its password). */
export const stamp = z
  .object({
    id: z.number(),
    stampName: z.string(),
    category: z.number(),
    sort: z.number(),
    remark: z.string(),
    enabled: z.number(),
    isDefault: z.boolean(),
    imageFileId: z.number(),
    ownerId: z.number().nullable(),
    ownerName: z.string(),
    maintainerIds: z.array(z.number()),
    memberIds: z.array(z.number()),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'Stamp' });
export type Stamp = z.infer<typeof stamp>;

const stampFields = {
  stampName: requiredText('short', 'stamps.nameRequired'),
  category,
  sort: z
    .number({ message: 'validation.digits' })
    .int({ message: 'validation.digits' })
    .min(0, { message: 'validation.digits' })
    .max(99999, { message: 'validation.digits' })
    .default(1),
  remark: text('description').default(''),
  maintainerIds: userIds.default([]),
  memberIds: userIds.default([]),
};

/**
 * A stamp password as its owner types it (trimmed, short, no NUL): the console checks it before
 * encrypting, the server again once decrypted, at creation and at every check alike.
 */
export const stampPasswordText = requiredText('short', 'stamps.passwordRequired');
/** What bodies carry: the password encrypted as at sign-in. */
const stampPassword = encryptedPassword('stamps.passwordRequired');

/** A new stamp: name, category, password and image are required. */
export const stampCreate = z.object({
  ...stampFields,
  password: stampPassword,
  image: stampImage,
});
export type StampCreate = z.input<typeof stampCreate>;

/** A change: an absent or blank password keeps the old one, an absent image keeps the old image. */
export const stampUpdate = z.object({
  ...stampFields,
  password: z.union([z.literal(''), stampPassword]).optional(),
  image: stampImage.optional(),
});
export type StampUpdate = z.input<typeof stampUpdate>;

export const stampListQuery = pageQuery.extend({
  stampName: searchText,
  category: z.enum(['1', '2'], { message: 'stamps.categoryRequired' }).transform(Number).optional(),
});
export const stampIdParams = z.object({ id: idParam });
export const stampIdQuery = z.object({ id: idParam });
export const stampUsers = z.object({ userIds });
export const stampManagerBody = z.object({ id, userIds });
export const stampPasswordBody = z.object({ password: stampPassword });
export const stampRemoved = z.object({ removed: z.number().int() });
export const stampPeople = z.object({
  userIds: z.array(z.number()),
  users: z.array(z.object({ id: z.number(), account: z.string(), name: z.string() })),
});
export const stampImageView = z.object({ id: z.number(), mimeType: z.string(), image: z.string() }).meta({ id: 'StampImage' });
export const stampVerified = z.object({ valid: z.literal(true) });

/** A stamp the signed-in user may sign with. */
export const usableStamp = z
  .object({ id: z.number(), stampName: z.string(), category: z.number(), isDefault: z.boolean(), imageFileId: z.number() })
  .meta({ id: 'UsableStamp' });
