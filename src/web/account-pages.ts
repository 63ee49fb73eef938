/** The account area's pages (server-rendered HTML; forms work without JavaScript). */
import type { AccountOverview, Application } from '../services/account-service.js';
import { MIN_PASSWORD_LENGTH } from '../services/account-service.js';
import { html, type Html } from './html.js';

function when(epochMs: number | null): Html | string {
  if (epochMs === null) return 'never';
  const iso = new Date(epochMs).toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;
}

function errorBox(message: string | undefined): Html | string {
  return message ? html`<p class="error" role="alert" id="form-error">${message}</p>` : '';
}

export function signInBody(options: { csrfToken: string; email?: string; error?: string; notice?: string }): Html {
  const described = options.error ? html` aria-describedby="form-error"` : '';
  return html`<h1>Sign in</h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ''}
${errorBox(options.error)}
<form method="post" action="/account/sign-in" class="card narrow">
  <input type="hidden" name="_csrf" value="${options.csrfToken}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="100" value="${options.email ?? ''}"${described}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
  <button type="submit">Sign in</button>
</form>
<p>No account yet? <a href="/account/sign-up">Create one</a>.</p>`;
}

export function signUpBody(options: { csrfToken: string; email?: string; error?: string }): Html {
  return html`<h1>Create an account</h1>
<p>An account holds your applications (API keys), fields, plantings and jobs.</p>
${errorBox(options.error)}
<form method="post" action="/account/sign-up" class="card narrow">
  <input type="hidden" name="_csrf" value="${options.csrfToken}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="100" value="${options.email ?? ''}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="200" aria-describedby="password-rule">
  <p class="hint" id="password-rule">At least ${MIN_PASSWORD_LENGTH} characters.</p>
  <button type="submit">Create account</button>
</form>
<p>Have an account? <a href="/account/sign-in">Sign in</a>.</p>`;
}

export function signUpClosedBody(): Html {
  return html`<h1>Sign-up is closed</h1>
<p>This service does not take new accounts; ask its operator for an account or an API key.</p>
<p><a href="/account/sign-in">Sign in</a> with an existing account.</p>`;
}

function usageBars(days: string[], app: Application): Html {
  const max = Math.max(1, ...app.requestsPerDay);
  const width = 4;
  const gap = 1;
  const height = 32;
  const bars = app.requestsPerDay.map((n, i) => {
    const h = n === 0 ? 0 : Math.max(1, Math.round((n / max) * height));
    return html`<rect x="${i * (width + gap)}" y="${height - h}" width="${width}" height="${h}"><title>${days[i]!}: ${n}</title></rect>`;
  });
  const label = `Requests per day over the last ${days.length} days, ${app.requestsTotal} in all, at most ${Math.max(...app.requestsPerDay)} a day`;
  return html`<svg class="bars" role="img" aria-label="${label}" width="${days.length * (width + gap)}" height="${height}" viewBox="0 0 ${days.length * (width + gap)} ${height}">${bars}</svg>`;
}

function applicationRow(app: Application, days: string[], csrfToken: string): Html {
  const name = app.label ?? '(unnamed)';
  const action = app.enabled
    ? html`<form method="post" action="/account/applications/${encodeURIComponent(app.key)}/disable">
        <input type="hidden" name="_csrf" value="${csrfToken}">
        <button type="submit" class="danger" aria-label="Disable ${name}">Disable</button></form>`
    : html`<span class="muted">—</span>`;
  return html`<tr data-key="${app.key}">
  <th scope="row">${name}${app.purpose === 'explorer' ? html` <span class="tag">used by the field explorer</span>` : ''}</th>
  <td><code>${app.key}</code></td>
  <td>${when(app.createdAt)}</td>
  <td>${when(app.lastUsedAt)}</td>
  <td class="usage"><span class="count">${app.requestsTotal}</span> ${usageBars(days, app)}</td>
  <td>${app.enabled ? html`<span class="status on">enabled</span>` : html`<span class="status off">disabled</span>`}</td>
  <td>${action}</td>
</tr>`;
}

export function dashboardBody(options: { overview: AccountOverview; csrfToken: string; error?: string; enterprise: boolean }): Html {
  const { overview, csrfToken } = options;
  const table =
    overview.applications.length === 0
      ? html`<p>No applications yet. Create one to get an API key and its secret.</p>`
      : html`<div class="scroll"><table class="applications">
<caption>Applications of this account, newest first. Requests are counted per UTC day, ${overview.days[0]!} to ${overview.days[overview.days.length - 1]!}.</caption>
<thead><tr><th scope="col">Application</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Requests, last 30 days</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${overview.applications.map((app) => applicationRow(app, overview.days, csrfToken))}</tbody>
</table></div>`;
  const used = overview.applications.filter((app) => app.requestsTotal > 0);
  const daily =
    used.length === 0
      ? ''
      : html`<details class="card"><summary>Daily request counts</summary><div class="scroll"><table class="daily">
<thead><tr><th scope="col">Day (UTC)</th>${used.map((app) => html`<th scope="col">${app.label ?? app.key}</th>`)}</tr></thead>
<tbody>${overview.days
          .map((day, i) => ({ day, i }))
          .reverse()
          .map(({ day, i }) => html`<tr><th scope="row">${day}</th>${used.map((app) => html`<td>${app.requestsPerDay[i]!}</td>`)}</tr>`)}</tbody>
</table></div></details>`;
  return html`<h1>Applications</h1>
<p>Each application gets its own API key and secret. Exchange them for an access token at
<code>POST /oauth/token</code> (see the <a href="/docs">API reference</a>); disabling an application stops its tokens within seconds.
${options.enterprise ? html`This account is <strong>enterprise</strong>.` : ''}</p>
${errorBox(options.error)}
<form method="post" action="/account/applications" class="card inline">
  <input type="hidden" name="_csrf" value="${csrfToken}">
  <label for="label">Application name</label>
  <input id="label" name="label" type="text" required maxlength="100" placeholder="e.g. Farm dashboard">
  <button type="submit">Create application</button>
</form>
${table}
${daily}
<p><a href="/explorer/">Open the field explorer</a> to see your fields, their weather and agronomic charts.</p>`;
}

export function createdBody(created: { key: string; secret: string; label: string }, baseUrl: string): Html {
  return html`<h1>Application created</h1>
<div class="card secret" role="status">
<p><strong>${created.label}</strong></p>
<dl>
  <dt>Key</dt><dd><code id="new-key">${created.key}</code></dd>
  <dt>Secret</dt><dd><code id="new-secret">${created.secret}</code></dd>
</dl>
<p class="warning">The secret is shown only now; the service keeps only a hash of it. Copy it to a safe place; if it is lost, create another application.</p>
</div>
<h2>Get an access token</h2>
<pre><code>curl -s -X POST ${baseUrl}/oauth/token \\
  -u "${created.key}:SECRET" -d grant_type=client_credentials</code></pre>
<p><a href="/account/">Back to your applications</a></p>`;
}

export function messageBody(title: string, message: string, link: { href: string; text: string }): Html {
  return html`<h1>${title}</h1><p>${message}</p><p><a href="${link.href}">${link.text}</a></p>`;
}
