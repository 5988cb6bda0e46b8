/**
 * The local identity provider's HTML: its sign-in page, sign-out confirmation and error page.
 * Plain server-rendered forms, no scripts (the portal's CSP applies here too); every dynamic
 * value is escaped.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `
  body{font-family:system-ui,sans-serif;background:#f4f4f6;color:#1f2937;margin:0;padding:48px 16px}
  main{max-width:360px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
  h1{font-size:1.35rem;margin:0 0 4px}p{margin:0 0 16px;color:#4b5563}
  label{display:block;font-weight:600;margin:12px 0 4px}
  input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #9ca3af;border-radius:4px;font-size:1rem}
  button{margin-top:16px;padding:9px 14px;border-radius:4px;border:1px solid #4338ca;background:#4f46e5;color:#fff;font-size:1rem;cursor:pointer}
  button.secondary{background:#fff;color:#4338ca}
  .actions{display:flex;gap:8px;align-items:flex-end}.actions form{margin:0}
  :focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
  .alert{background:#fee2e2;color:#991b1b;padding:8px 10px;border-radius:4px}
  .hint{font-size:.85rem;margin-top:16px}`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Local identity provider</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(input: { action: string; abortAction: string; clientName: string; email?: string; error?: string }): string {
  const error = input.error ? `<p class="alert" role="alert">${escapeHtml(input.error)}</p>` : '';
  return layout(
    'Sign in',
    `<h1>Local identity provider</h1>
<p>Sign in to continue to ${escapeHtml(input.clientName)}.</p>
${error}
<form id="idp-login" method="post" action="${escapeHtml(input.action)}">
  <label for="idp-email">Email</label>
  <input id="idp-email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(input.email ?? '')}">
  <label for="idp-password">Password</label>
  <input id="idp-password" name="password" type="password" autocomplete="current-password" required>
</form>
<div class="actions">
  <button type="submit" form="idp-login">Continue</button>
  <form method="post" action="${escapeHtml(input.abortAction)}"><button type="submit" class="secondary">Cancel</button></form>
</div>
<p class="hint">For local use only. Demo account: sso@example.com / password.</p>`,
  );
}

export function logoutPage(form: string, host: string): string {
  // `form` is the provider's own hidden form (id "op.logoutForm", with its xsrf field).
  return layout(
    'Sign out',
    `<h1>Sign out of the local identity provider?</h1>
<p>You are signed in at ${escapeHtml(host)}.</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return layout('Signed out', '<h1>Signed out</h1><p>You have signed out of the local identity provider.</p>');
}

export function errorPage(error: string, description: string | undefined): string {
  return layout(
    'Error',
    `<h1>Sign-in could not continue</h1><p class="alert" role="alert">${escapeHtml(error)}${description ? `: ${escapeHtml(description)}` : ''}</p>`,
  );
}
