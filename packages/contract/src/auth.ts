import { z } from 'zod';

export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  username: z.string({ message: 'auth.accountRequired' }).min(1, { message: 'auth.accountRequired' }),
  /** RSA-OAEP (SHA-256) ciphertext of the password, base64. */
  password: z.string({ message: 'auth.passwordRequired' }).min(1, { message: 'auth.passwordRequired' }),
  scope: z.string().optional(),
  type: z.string().optional(),
  loginMode: z.string().optional(),
});
export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z
    .string({ message: 'auth.refreshTokenRequired' })
    .min(1, { message: 'auth.refreshTokenRequired' }),
  scope: z.string().optional(),
});
export const tokenRequest = z.object({ grant_type: z.string().optional() }).passthrough();

/** RFC 6749 token response plus the session user fields of spec 000 §3. */
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  refresh_token: z.string(),
  scope: z.string(),
  user_id: z.number(),
  tenant_id: z.string(),
  dept_id: z.string(),
  dept_name: z.string(),
  nick_name: z.string(),
  real_name: z.string(),
  avatar: z.string(),
  role_name: z.string(),
  account: z.string(),
  must_change_password: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const userInfo = z.object({
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
});
export type UserInfo = z.infer<typeof userInfo>;

export const menuRoute: z.ZodType<MenuRoute> = z.object({
  id: z.number(),
  parentId: z.number(),
  code: z.string(),
  name: z.string(),
  path: z.string(),
  source: z.string(),
  sort: z.number(),
  category: z.union([z.literal(1), z.literal(2)]),
  isOpen: z.boolean(),
  meta: z.object({ i18n: z.string(), keepAlive: z.boolean() }),
  get children() {
    return z.array(menuRoute);
  },
});

export interface MenuRoute {
  id: number;
  parentId: number;
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
  category: 1 | 2;
  isOpen: boolean;
  meta: { i18n: string; keepAlive: boolean };
  children: MenuRoute[];
}
