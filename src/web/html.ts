/** HTML for the account area: escaping and the page frame shared by every page. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A fragment of HTML that is already safe (built with `html`). */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: interpolated values are escaped unless they are `Html`. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

export interface PageFrame {
  title: string;
  /** The stylesheet of the built web assets, when built. */
  stylesheet: string | null;
  /** The signed-in account's email and the session's CSRF token; null when signed out. */
  signedIn: { email: string; csrfToken: string } | null;
  /** Which navigation entry is the current page. */
  current?: 'account' | 'explorer' | 'sign-in' | 'sign-up';
  body: Html;
}

export function page(frame: PageFrame): string {
  const nav = (href: string, label: string, key: PageFrame['current']) =>
    html`<a href="${href}"${frame.current === key ? html` aria-current="page"` : ''}>${label}</a>`;
  const links = frame.signedIn
    ? [nav('/account/', 'Applications', 'account'), nav('/explorer/', 'Field explorer', 'explorer'), html`<a href="/docs">API reference</a>`]
    : [nav('/account/sign-in', 'Sign in', 'sign-in'), nav('/account/sign-up', 'Create an account', 'sign-up'), html`<a href="/docs">API reference</a>`];
  const who = frame.signedIn
    ? html`<div class="who"><span>Signed in as <strong>${frame.signedIn.email}</strong></span>
      <form method="post" action="/account/sign-out"><input type="hidden" name="_csrf" value="${frame.signedIn.csrfToken}"><button type="submit" class="link">Sign out</button></form></div>`
    : '';
  return `<!doctype html>
${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · agwx</title>
${frame.stylesheet ? html`<link rel="stylesheet" href="${frame.stylesheet}">` : ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <a class="brand" href="/account/">agwx</a>
  <nav aria-label="Main">${links}</nav>
  ${who}
</header>
<main id="main" tabindex="-1">
${frame.body}
</main>
</body>
</html>`}`;
}
