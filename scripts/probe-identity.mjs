#!/usr/bin/env node
// Probes a running portal's identity edges as an attacker would (issue 22): the provider's host
// pinning under path spellings and forwarded headers, the canonical-host redirect, control characters
// and junk interaction ids, the İ/ſ/K/full-width email foldings against the sign-in throttle, and
// whether the sign-up form tells a known email from an unknown one.
// Plain HTTP over its own sockets (paths are sent exactly as written).
//
//   node scripts/probe-identity.mjs [base URL, default http://127.0.0.1:8080]
//
// Prints every finding, then: requests sent, 5xx seen, unanswered after 5 s, findings. Exit 1 on any.
import { request } from 'node:http';

const base = new URL(process.argv[2] ?? 'http://127.0.0.1:8080');
const TIMEOUT_MS = 5000;
const stats = { sent: 0, fiveXX: 0, unanswered: 0, findings: 0 };
const finding = (text) => {
  stats.findings++;
  console.log(`FINDING ${text}`);
};

function send({ method = 'GET', path, headers = {}, body }) {
  stats.sent++;
  return new Promise((resolve) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: { host: base.host, ...headers },
        setHost: false,
        agent: false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          if (res.statusCode >= 500) stats.fiveXX++;
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() });
        });
      },
    );
    const timer = setTimeout(() => {
      stats.unanswered++;
      console.log(`UNANSWERED ${method} ${path}`);
      req.destroy();
      resolve(null);
    }, TIMEOUT_MS);
    req.on('error', () => undefined);
    req.end(body);
  });
}

const config = await send({ path: '/oidc/.well-known/openid-configuration' });
const issuer = JSON.parse(config.body).issuer;
const publicOrigin = new URL(issuer).origin;
console.log(`issuer ${issuer}`);

// 1. Discovery under every spelling of the mount, Host and forwarded headers.
for (const mount of ['/oidc', '/OIDC', '/Oidc', '/%6Fidc', '/%6f%49dc'])
  for (const host of [base.host, 'evil.example'])
    for (const fwd of [{}, { 'x-forwarded-host': 'fwd.example', 'x-forwarded-proto': 'https' }]) {
      const answer = await send({
        path: `${mount}/.well-known/openid-configuration`,
        headers: { host, ...fwd },
      });
      if (answer && /evil\.example|fwd\.example/.test(answer.body))
        finding(`discovery ${mount} Host ${host} names another host`);
    }
const absolute = await send({
  path: 'http://evil.example/OIDC/.well-known/openid-configuration',
  headers: { host: 'evil.example' },
});
if (absolute && /evil\.example/.test(absolute.body)) finding('absolute-form discovery names another host');

// 2. The canonical-host redirect.
for (const path of [
  '//evil.example/x',
  '/\\evil.example/x',
  '/%5Cevil.example/x',
  '///evil.example/x',
  'http://evil.example/x',
])
  for (const host of ['evil.example', 'other.example'])
    for (const fwd of [{}, { 'x-forwarded-host': 'evil.example' }]) {
      const answer = await send({ path, headers: { host, ...fwd } });
      const location = answer?.headers.location;
      if (location && new URL(location, `http://${host}/`).origin !== publicOrigin)
        finding(`GET ${path} Host ${host} redirects to ${location}`);
    }

// 3. Junk interaction ids (50 at once) and control characters.
const aborts = await Promise.all(
  Array.from({ length: 50 }, (_, i) => send({ path: `/interaction/probe-${i}/abort` })),
);
const abortStatuses = [...new Set(aborts.filter(Boolean).map((a) => a.status))];
console.log(`50 junk aborts answered ${aborts.filter(Boolean).length}, statuses ${abortStatuses.join(', ')}`);
for (const probe of [
  { path: '/oidc/auth?client_id=%00' },
  { path: '/oidc/session/end?client_id=%00' },
  { path: '/interaction/%00' },
  {
    method: 'POST',
    path: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=authorization_code&client_id=enq-portal&code=a%00b&redirect_uri=x&code_verifier=y',
  },
]) {
  const answer = await send(probe);
  if (answer && answer.status >= 500)
    finding(`${probe.method ?? 'GET'} ${probe.path} answered ${answer.status}`);
}

// 4. Email foldings against the throttle (demo account; from this address, after wrong passwords).
async function loginPost(email, password) {
  const auth = await send({
    path: `/oidc/auth?${new URLSearchParams({
      client_id: 'enq-portal',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${publicOrigin}/auth/callback`,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    })}`,
  });
  const cookie = (auth?.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  return send({
    method: 'POST',
    path: `${auth.headers.location}/login`,
    headers: { origin: publicOrigin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
}
const email = process.env.PROBE_EMAIL ?? 'dana.whitfield@harborpinetax.com';
const password = process.env.PROBE_PASSWORD ?? 'enq-demo-2026';
// Six wrong passwords: the pair then waits 8 s, longer than the three tries below take.
for (let i = 0; i < 6; i++) await loginPost(email, `probe-wrong-${i}`);
for (const variant of [email.replace('i', 'İ'), email.replace('a', 'ａ'), email.toUpperCase()]) {
  const answer = await loginPost(variant, password);
  if (answer?.status === 303) finding(`after 6 wrong passwords, ${variant} signed in at once`);
}

// 5. Sign-up: a known and an unknown email get the same status and page (the email itself aside), and
// junk confirmation links answer a 4xx. Six posts: the form allows ten per address and minute.
const signupForm = (who) =>
  send({
    method: 'POST',
    path: '/site/signup',
    headers: { origin: publicOrigin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      full_name: 'Probe Person',
      company: 'Probe Practice',
      email: who,
      password: 'probe password 2026',
      plan: 'solo-monthly',
    }).toString(),
  });
const signupAnswers = new Set();
const signupMs = { known: [], unknown: [] };
for (let i = 0; i < 3; i++)
  for (const [kind, who] of [
    ['known', email],
    ['unknown', `probe-${Date.now().toString(36)}-${i}@probe-signup.com`],
  ]) {
    const started = performance.now();
    const answer = await signupForm(who);
    signupMs[kind].push(performance.now() - started);
    if (answer) signupAnswers.add(`${answer.status} ${answer.body.replaceAll(who, 'EMAIL')}`);
  }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(
  `sign-up: ${signupAnswers.size} distinct answer(s); median known ${median(signupMs.known).toFixed(1)} ms, ` +
    `unknown ${median(signupMs.unknown).toFixed(1)} ms`,
);
if (signupAnswers.size !== 1) finding('sign-up answers a known and an unknown email differently');
for (const token of ['%00', 'x', 'A'.repeat(43), '..%2F..%2Fready', `${'A'.repeat(42)}%00`, '__proto__'])
  for (const method of ['GET', 'POST']) {
    const path = `/site/signup/confirm/${token}`;
    const answer = await send({ method, path, headers: { origin: publicOrigin } });
    if (answer && (answer.status < 400 || answer.status >= 500))
      finding(`${method} ${path} answered ${answer.status}`);
  }

console.log(
  `requests sent ${stats.sent}, 5xx seen ${stats.fiveXX}, unanswered after 5 s ${stats.unanswered}, findings ${stats.findings}`,
);
process.exitCode = stats.fiveXX || stats.unanswered || stats.findings ? 1 : 0;
