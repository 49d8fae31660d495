/** Codes of the account-security buttons an administrator uses on the user screen. */
export const AUTH_PERMISSIONS = {
  /** Lift a sign-in lock at once. */
  unlock: 'user:unlock',
  /** Set users' passwords to the configured reset password, to be changed at next sign-in. */
  resetPassword: 'user:reset-password',
} as const;
