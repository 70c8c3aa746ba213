import { html, type SafeHtml } from '../../html';

// The provider renders its logout and error pages with this layout, and the login and password reset
// routes (routes/idp) theirs: it sits with the provider so that the plugin needs nothing from routes.

/** The identity provider's own pages (login, logout, errors): plain HTML under the strict CSP. */
export function renderAuthPage({
  title,
  body,
  script,
}: {
  title: string;
  body: SafeHtml;
  script?: string;
}): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · enQ</title>
        <link rel="stylesheet" href="/interaction-assets/auth.css" />
        ${script ? html`<script src="${script}" defer></script>` : ''}
      </head>
      <body>
        <main class="card">
          <svg class="brand" viewBox="0 0 88 32" role="img" aria-label="enQ">
            <rect x="0" y="2" width="28" height="28" rx="7" fill="#2563eb" />
            <circle cx="14" cy="16" r="6.5" fill="none" stroke="#fff" stroke-width="3" />
            <path d="M17.5 19.5l4 4" stroke="#2dd4bf" stroke-width="3" stroke-linecap="round" />
            <text
              x="36"
              y="23"
              fill="#0f1b3d"
              font-family="ui-sans-serif, system-ui, sans-serif"
              font-size="19"
              font-weight="700"
              letter-spacing="-0.5"
            >
              enQ
            </text>
          </svg>
          ${body}
        </main>
      </body>
    </html>`.toString();
}
