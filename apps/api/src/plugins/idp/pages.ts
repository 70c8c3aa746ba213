const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The identity provider's own pages (login, logout, errors): plain HTML under the strict CSP. */
export function renderAuthPage({
  title,
  body,
  script,
}: {
  title: string;
  body: string;
  script?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · enQ</title>
  <link rel="stylesheet" href="/interaction-assets/auth.css">
  ${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
  <main class="card">
    <div class="brand" aria-label="enQ">en<span>Q</span></div>
    ${body}
  </main>
</body>
</html>`;
}

export function renderLoginPage({
  uid,
  email,
  error,
}: {
  uid: string;
  email?: string;
  error?: string;
}): string {
  return renderAuthPage({
    title: 'Sign in',
    body: `<h1>Sign in to your account</h1>
    <p class="muted">Manage your lines, users, billing and call history.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="on">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email ?? '')}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button class="button" type="submit">Sign in</button>
    </form>
    <p class="muted small"><a class="link" href="/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>`,
  });
}
