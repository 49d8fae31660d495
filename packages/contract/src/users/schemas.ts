import { z } from 'zod';
import { encryptedPassword } from '../auth/schemas.ts';
import { id, idList, idParam, pageQuery } from '../envelope.ts';
import { requiredText, searchText, text } from '../text.ts';
import { isEmail, isLandline, isLetterCode, isMobile, isQQ } from '../validators.ts';

export const userInfo = z
  .object({
    id: z.number(),
    tenantId: z.string(),
    tenantName: z.string(),
    account: z.string(),
    name: z.string(),
    realName: z.string(),
    avatar: z.string(),
    email: z.string(),
    phone: z.string(),
    roleName: z.string(),
    roles: z.array(z.string()),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfo>;

/** Values of a user's `status`. */
export const USER_STATUS = { enabled: 1, disabled: 0 } as const;
/** Values of `sex`. */
export const USER_SEX = { unknown: 0, male: 1, female: 2 } as const;
/** Values of `userType`: the platform the account is for (web console, app, other). */
export const USER_TYPE = { web: 1, app: 2, other: 3 } as const;

/** Most posts one user holds at once. */
export const USER_POSTS_MAX = 20;

/** Password policy: 8 to 32 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
export function isAcceptablePassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX && /[A-Za-z]/.test(value) && /\d/.test(value);
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date, YYYY-MM-DD, from 1900-01-01 up to today. */
export function isBirthday(value: string, today = new Date()): boolean {
  const match = YMD.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const todayKey = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  return year >= 1900 && year * 10000 + month * 100 + day <= todayKey;
}

/** An optional text checked by `check` when not blank; blank is stored as ''. */
function optionalChecked(check: (value: string) => boolean, message: string) {
  return text('standard')
    .refine((v) => v === '' || check(v), { message })
    .default('');
}

/** The editable fields of an Org user, each with its §5 rule. */
const userFields = {
  account: requiredText('short', 'users.accountRequired').refine(isLetterCode, { message: 'validation.letters' }),
  /** Nick name, shown in the console's top bar. */
  name: requiredText('short', 'users.nameRequired'),
  realName: text('short').default(''),
  /** Job number. */
  code: text('short').default(''),
  mobile: optionalChecked(isMobile, 'validation.mobile'),
  telephone: optionalChecked(isLandline, 'validation.landline'),
  email: optionalChecked(isEmail, 'validation.email'),
  wechat: text('short').default(''),
  qq: optionalChecked(isQQ, 'validation.qq'),
  /** YYYY-MM-DD; blank or null for none. */
  birthday: z
    .string({ message: 'users.birthdayInvalid' })
    .trim()
    .refine((v) => v === '' || isBirthday(v), { message: 'users.birthdayInvalid' })
    .nullable()
    .optional()
    .transform((v) => v || null),
  sex: z.union([z.literal(USER_SEX.unknown), z.literal(USER_SEX.male), z.literal(USER_SEX.female)], { message: 'users.sexInvalid' }).default(USER_SEX.unknown),
  /** Department (owned by the organisation domain); null for none. */
  deptId: id.nullable().default(null),
  remark: text('description').default(''),
  status: z.union([z.literal(USER_STATUS.enabled), z.literal(USER_STATUS.disabled)], { message: 'users.statusInvalid' }).default(USER_STATUS.enabled),
  userType: z
    .union([z.literal(USER_TYPE.web), z.literal(USER_TYPE.app), z.literal(USER_TYPE.other)], { message: 'users.userTypeInvalid' })
    .default(USER_TYPE.web),
  /** Extra platform data (JSON text), kept as given. */
  userExt: text('function').default(''),
  /** Roles to hold; absent on an update leaves them as they are. */
  roleIds: z.array(id, { message: 'common.idsInvalid' }).max(100, { message: 'common.idsInvalid' }).optional(),
  /** Posts to hold (the posts domain's); absent on an update leaves them as they are. */
  postIds: z.array(id, { message: 'common.idsInvalid' }).max(USER_POSTS_MAX, { message: 'users.tooManyPosts' }).optional(),
};

/** A password as the console sends it: encrypted as at sign-in. */
const sentPassword = encryptedPassword('users.passwordRequired');

/** A new password as a person types it (the console checks it before encrypting it). */
export const plainPassword = z
  .string({ message: 'users.passwordRequired' })
  .min(1, { message: 'users.passwordRequired' })
  .refine(isAcceptablePassword, { message: 'users.passwordPolicy' });

export const passwordPair = z.object({ password: sentPassword, password2: sentPassword });
export type PasswordPair = z.input<typeof passwordPair>;

export const userCreate = z.object({ ...userFields, ...passwordPair.shape });
export const userUpdate = z.object({ id, ...userFields });
export const userUpdateBody = z.object(userFields);
/** Family 1 submit: no id creates (and then needs both passwords), an id updates. */
export const userSubmit = z
  .object({ id: id.optional(), ...userFields, password: sentPassword.optional(), password2: sentPassword.optional() })
  .superRefine((value, ctx) => {
    if (value.id !== undefined) return;
    if (!value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'users.passwordRequired' });
    else if (!value.password2) ctx.addIssue({ code: 'custom', path: ['password2'], message: 'users.passwordRequired' });
  });
export type UserSubmit = z.input<typeof userSubmit>;
export type UserFields = z.output<typeof userUpdateBody>;

export const userRecord = z
  .object({
    id: z.number(),
    tenantId: z.string(),
    account: z.string(),
    name: z.string(),
    realName: z.string(),
    code: z.string(),
    mobile: z.string(),
    telephone: z.string(),
    email: z.string(),
    wechat: z.string(),
    qq: z.string(),
    birthday: z.string().nullable(),
    sex: z.number(),
    deptId: z.number().nullable(),
    deptName: z.string(),
    remark: z.string(),
    status: z.number(),
    userType: z.number(),
    userExt: z.string(),
    avatar: z.string(),
    roleIds: z.array(z.number()),
    roleName: z.string(),
    /** The posts the user holds, in the posts' list order, and their names joined by commas. */
    postIds: z.array(z.number()),
    postName: z.string(),
    /** Signing in is locked after repeated failures (an administrator can unlock at once). */
    locked: z.boolean(),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .meta({ id: 'User' });
export type UserRecord = z.infer<typeof userRecord>;

export const userSearch = z.object({
  account: searchText,
  /** Matches the nick name or the real name. */
  name: searchText,
});
export const userPageQuery = pageQuery.extend({ ...userSearch.shape, deptId: idParam.optional() });
export const userIdQuery = z.object({ id: idParam });
export const userIdParams = z.object({ id: idParam });
export const userIdsParams = z.object({ id: idList });
export const userRemoveQuery = z.object({ ids: idList });
export const userRemoved = z.object({ removed: z.number().int() });

/** Grant: every user in `userIds` holds exactly `roleIds` afterwards. */
export const userGrant = z.object({
  userIds: z.array(id, { message: 'common.idsInvalid' }).min(1, { message: 'users.selectUsers' }).max(500, { message: 'common.idsInvalid' }),
  roleIds: z.array(id, { message: 'common.idsInvalid' }).max(100, { message: 'common.idsInvalid' }),
});
export const userGranted = z.object({ users: z.number().int() });

export const userEnabledBody = z.object({ enabled: z.boolean({ message: 'users.enabledRequired' }) });

/** Platform data of a user (family 1 platform-detail / update-platform). */
export const userPlatform = z
  .object({
    id: z.number(),
    account: z.string(),
    name: z.string(),
    userType: z.number(),
    userExt: z.string(),
  })
  .meta({ id: 'UserPlatform' });
export const userPlatformUpdate = z.object({ id, userType: userFields.userType, userExt: userFields.userExt });

/** What a user is allowed: their roles and every permission code those roles grant. */
export const userPermission = z
  .object({
    roles: z.array(z.object({ id: z.number(), roleName: z.string(), roleAlias: z.string() })),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'UserPermission' });

/** A user in short, for pickers and lists of members. */
export const userBrief = z
  .object({
    id: z.number(),
    account: z.string(),
    name: z.string(),
    realName: z.string(),
    deptId: z.number().nullable(),
    status: z.number(),
  })
  .meta({ id: 'UserBrief' });
export type UserBrief = z.infer<typeof userBrief>;

/**
 * A page of users in short: the directory calls (maintainers, a company's users, pickers); a
 * picker's one search box sends `keyword`, which matches the account, the nick name or the real name.
 */
export const userDirectoryQuery = pageQuery.extend({ ...userSearch.shape, keyword: searchText });
export const deptIdParams = z.object({ deptId: idParam });

/** The groups (tenants of the platform) a user is granted to look after. */
export const userGroupGrantViewQuery = z.object({ userId: idParam });
export const userGroupGrantView = z
  .object({
    userId: z.number(),
    groupIds: z.array(z.number()),
    groups: z.array(z.object({ id: z.number(), tenantId: z.string(), tenantName: z.string() })),
  })
  .meta({ id: 'UserGroupGrants' });
/** Every user of `userIds` is granted exactly the groups `groupIds` afterwards. */
export const userGroupGrant = z.object({
  userIds: z.array(id, { message: 'common.idsInvalid' }).min(1, { message: 'users.selectUsers' }).max(500, { message: 'common.idsInvalid' }),
  groupIds: z.array(id, { message: 'common.idsInvalid' }).max(500, { message: 'common.idsInvalid' }),
});
