import type { SocialProviderConfig } from '../../platform/config.ts';

/** A social sign-in provider: turns the authorization code the browser brought back into an account name. */
export interface SocialProvider {
  source: string;
  /** The account the provider vouches for, or null when it refuses the code. */
  accountFor(code: string): Promise<string | null>;
}

const TIMEOUT_MS = 10_000;

/**
 * A generic OAuth 2.0 provider (RFC 6749 §4.1): the code is exchanged at the token URL with the
 * client's credentials, then the user info URL names the user; one of its fields is the account.
 */
export function genericOAuth2Provider(config: SocialProviderConfig): SocialProvider {
  return {
    source: config.source,
    async accountFor(code) {
      const token = await fetch(config.tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          ...(config.redirectUri ? { redirect_uri: config.redirectUri } : {}),
          client_id: config.clientId,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!token.ok) return null;
      const { access_token: accessToken } = (await token.json()) as { access_token?: unknown };
      if (typeof accessToken !== 'string' || !accessToken) return null;
      const info = await fetch(config.userInfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!info.ok) return null;
      const account = ((await info.json()) as Record<string, unknown>)[config.accountField];
      return typeof account === 'string' && account.trim() ? account.trim() : null;
    },
  };
}
