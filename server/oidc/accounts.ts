import { safeEqual } from '../auth/tokens';

/**
 * The local identity provider's own directory. It is not the portal's users table on purpose:
 * an identity provider knows people, the portal maps them to its users (by subject, then email)
 * at the token exchange, as it would with Entra ID or Okta. For local use only.
 */
export interface ProviderAccount {
  /** Stable subject identifier (`sub`). */
  sub: string;
  email: string;
  name: string;
  password: string;
}

/** The seeded SSO sign-in (also a portal user, so the exchange finds it). */
export const SSO_DEMO_EMAIL = 'sso@example.com';
/** Known to the provider but not to the portal: shows what an unmapped identity looks like. */
export const SSO_STRANGER_EMAIL = 'stranger@example.com';

export const PROVIDER_ACCOUNTS: readonly ProviderAccount[] = [
  { sub: 'local-idp-0001', email: SSO_DEMO_EMAIL, name: 'Sam Single-Sign-On', password: 'password' },
  { sub: 'local-idp-0002', email: SSO_STRANGER_EMAIL, name: 'Stevie Stranger', password: 'password' },
];

export function accountBySub(sub: string): ProviderAccount | undefined {
  return PROVIDER_ACCOUNTS.find((account) => account.sub === sub);
}

/** The account whose email and password match, or undefined (every account is checked: no timing hint). */
export function accountByLogin(email: string, password: string): ProviderAccount | undefined {
  let found: ProviderAccount | undefined;
  for (const account of PROVIDER_ACCOUNTS) {
    const emailMatches = account.email.toLowerCase() === email.trim().toLowerCase();
    if (safeEqual(account.password, password) && emailMatches) found = account;
  }
  return found;
}
