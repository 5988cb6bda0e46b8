/**
 * The cookies the portal reads (DESIGN §5 lets a deployment name them) and the headers its
 * transport makes of the stored tokens. Pure, without the DOM: the reference server builds the
 * same headers for a page's first answers (server/http/firstAnswers.ts).
 */
export interface CookieNames {
  accessToken: string;
  idToken: string;
  portalToken: string;
  chatSession: string;
  xsrf: string;
}

export const DEFAULT_COOKIES: Readonly<CookieNames> = {
  accessToken: 'AccessToken',
  idToken: 'IdToken',
  portalToken: 'PortalToken',
  chatSession: 'chat_session',
  xsrf: 'XSRF-TOKEN',
};

/** SPEC §7's token headers, from the stored tokens (`read` gives a cookie's value by name). */
export function storedTokenHeaders(cookies: Pick<CookieNames, 'accessToken' | 'idToken' | 'portalToken'>, read: (name: string) => string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const accessToken = read(cookies.accessToken);
  const idToken = read(cookies.idToken);
  const portalToken = read(cookies.portalToken);
  if (accessToken) headers.accesstoken = accessToken;
  if (idToken) headers.idtoken = idToken;
  if (portalToken) headers.authorization = `Bearer ${portalToken}`;
  return headers;
}
