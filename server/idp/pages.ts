import { createHash } from 'node:crypto';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type Page = { html: string; contentSecurityPolicy: string };

// Every text/background pair below has a contrast ratio of at least 4.5:1 (WCAG AA).
const styles = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2939;background:#f2f4f7;line-height:1.5}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
main{width:100%;max-width:380px;background:#fff;border:1px solid #d0d5dd;border-radius:12px;padding:32px;box-shadow:0 1px 3px rgba(16,24,40,.1)}
.brand{margin:0 0 4px;font-size:.875rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#1d4ed8}
h1{margin:0 0 24px;font-size:1.5rem;line-height:1.25}
p{margin:0 0 16px}
label{display:block;margin:0 0 6px;font-weight:600;font-size:.9375rem}
input{display:block;width:100%;margin:0 0 18px;padding:10px 12px;font:inherit;color:#1d2939;background:#fff;border:1px solid #667085;border-radius:8px}
input:focus{outline:3px solid #93b4fd;outline-offset:1px;border-color:#1d4ed8}
button{display:block;width:100%;padding:11px 16px;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#1e40af}
button:focus-visible{outline:3px solid #93b4fd;outline-offset:2px}
.alert{padding:10px 12px;border:1px solid #f3b8b3;border-radius:8px;background:#fef3f2;color:#a11b11;font-weight:600}
.muted{color:#475467}
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const staticPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/** `error`: why the last attempt was refused (shown above the form). */
export function loginPage(options: { action: string; email?: string; error?: string }): Page {
  const { action, email = '', error } = options;
  const failed = error !== undefined;
  const body = `<p class="brand">Astera</p>
<h1>Sign in</h1>
${failed ? `<p class="alert" role="alert">${escapeHtml(error)}</p>\n` : ''}<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${failed ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${failed ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>`;
  return { html: layout('Sign in · Astera', body), contentSecurityPolicy: staticPolicy };
}

export function messagePage(title: string, message: string): Page {
  const body = `<p class="brand">Astera</p>
<h1>${escapeHtml(title)}</h1>
<p class="muted">${escapeHtml(message)}</p>`;
  return { html: layout(`${title} · Astera`, body), contentSecurityPolicy: staticPolicy };
}

/**
 * Wraps oidc-provider's logout confirmation form (`form`, trusted provider markup) so that it submits itself
 * with logout=yes, i.e. ends the whole session without asking. Without scripts, a button does the same.
 */
export function signOutPage(form: string): Page {
  const script =
    "var f=document.getElementById('op.logoutForm'),i=document.createElement('input');" +
    "i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();";
  const hash = createHash('sha256').update(script).digest('base64');
  const body = `<p class="brand">Astera</p>
<h1>Signing out</h1>
${form}
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>${script}</script>`;
  return {
    html: layout('Signing out · Astera', body),
    contentSecurityPolicy: `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; base-uri 'none'; frame-ancestors 'none'`,
  };
}
