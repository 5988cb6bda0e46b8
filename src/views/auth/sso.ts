/**
 * True when the login page was opened by an identity provider's answer: an authorization code or
 * an error, with the state it must match (the auth statechart and the OIDC library check the rest).
 */
export function isSsoReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}
