/** Codes of the account-security buttons an administrator uses on the user screen. */
export const AUTH_PERMISSIONS = {
  /** Lift a sign-in lock at once. */
  unlock: 'user:unlock',
  /** Set users' passwords to the configured reset password, to be changed at next sign-in. */
  resetPassword: 'user:reset-password',
  /** See and change which social-provider users sign in as a user. */
  socialLinks: 'user:social-link',
} as const;
