// The lead endpoints against hostile input: every bad request gets its 4xx (never a 5xx) and
// nothing it carried is spooled or mailed. Forms come from the fixture site's forms/*.yaml.
import type { FastifyInstance } from 'fastify';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../scripts/content/load-site.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';

const valid = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  company: 'Acme GCC',
  role: 'GCC Director',
  phone: '+91 98765 43210',
  urgency: 'immediate',
  primaryNeeds: 'strategic-storytelling',
  engagementSize: '',
  message: 'We need a story for our QBR.\nTwo lines.',
  submittedAt: '2026-11-22T03:00:00.000Z',
};
const endpoint = '/email/api/sendEmail';
let distDir: string;

async function makeApp(overrides: Partial<ServerConfig> = {}): Promise<{ app: FastifyInstance; config: ServerConfig }> {
  const config = testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    ...overrides,
  });
  return { app: await buildApp({ config }), config };
}

// Lead ids in the spool, wherever they are (a lead moves from queue/ to sent/ as it is delivered).
const spooled = async (config: ServerConfig) => [
  ...new Set(
    (
      await Promise.all(
        ['queue', 'sent', 'dead', 'spam'].map((f) => readdir(path.join(config.dataDir, 'spool', f)).catch(() => [])),
      )
    ).flat(),
  ),
];

beforeAll(async () => {
  const { forms } = await compileSite({ root: fixtureSiteRoot });
  distDir = await writeDist(forms);
});

describe('an accepted inquiry', () => {
  it('is answered 202 with an id only after it is in the spool, then written to the outbox with every field', async () => {
    const { app, config } = await makeApp();
    const response = await app.inject({ method: 'POST', url: endpoint, payload: valid });
    expect(response.statusCode).toBe(202);
    const { id } = response.json() as { id: string };
    expect(await spooled(config)).toContain(`${id}.json`);
    await expect
      .poll(() => readdir(path.join(config.dataDir, 'outbox')).catch(() => []), { timeout: 15_000 })
      .toContain(`${id}.eml`);
    const eml = (await readFile(path.join(config.dataDir, 'outbox', `${id}.eml`), 'utf8')).replace(/=\r?\n/g, '');
    expect(eml).toContain('Reply-To: Asha Rao <asha@example.com>');
    expect(eml).toContain('To: hello@example.com');
    for (const label of [
      'Full Name: Asha Rao',
      'Email Address: asha@example.com',
      'Company Name: Acme GCC',
      'Your Role: GCC Director',
      'Phone Number: +91 98765 43210',
      'Project Urgency: Within 2 weeks (immediate)',
    ])
      expect(eml).toContain(label);
    await app.close();
  });

  it('the white paper request has its own endpoint and the same durability', async () => {
    const { app, config } = await makeApp();
    const response = await app.inject({
      method: 'POST',
      url: '/email/api/whitePaper',
      payload: {
        name: 'Ravi',
        email: 'ravi@example.com',
        company: 'Beta',
        role: '',
        whitePaper: 'gcc-strategic-evolution',
        submittedAt: valid.submittedAt,
      },
    });
    expect(response.statusCode).toBe(202);
    expect(await spooled(config)).toContain(`${response.json().id}.json`);
    await app.close();
  });
});

describe('hostile and malformed requests', () => {
  let app: FastifyInstance;
  let config: ServerConfig;
  beforeAll(async () => ({ app, config } = await makeApp({ rateLimit: 0 })));
  afterAll(() => app.close());

  const json = (payload: unknown) => ({
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
  const cases: [string, number, { payload?: string | Buffer; headers?: Record<string, string> }, RegExp?][] = [
    ['missing name', 400, json(without('name')), /^name: is required$/],
    ['missing email', 400, json(without('email')), /^email: is required$/],
    ['missing company', 400, json(without('company')), /^company: is required$/],
    ['missing role', 400, json(without('role')), /^role: is required$/],
    ['missing submittedAt', 400, json(without('submittedAt')), /^submittedAt: is required$/],
    ['empty name', 400, json({ ...valid, name: '' }), /^name: is required$/],
    ['name is a number', 400, json({ ...valid, name: 42 }), /^name: must be text$/],
    ['name is an object', 400, json({ ...valid, name: { first: 'A' } }), /^name: must be text$/],
    ['email is an array', 400, json({ ...valid, email: ['a@example.com'] }), /^email: must be text$/],
    ['email without @', 400, json({ ...valid, email: 'not-an-email' }), /^email: must be a valid e-mail address$/],
    [
      'CRLF header injection in name',
      400,
      json({ ...valid, name: 'Asha\r\nBcc: victim@example.com' }),
      /^name: must not contain control characters/,
    ],
    [
      'LF header injection in email',
      400,
      json({ ...valid, email: 'asha@example.com\nBcc: victim@example.com' }),
      /^email: /,
    ],
    [
      'CR in company',
      400,
      json({ ...valid, company: 'Acme\rX-Evil: 1' }),
      /^company: must not contain control characters/,
    ],
    ['NUL in role', 400, json({ ...valid, role: 'Director\u0000' }), /^role: must not contain control characters/],
    [
      'ESC in message',
      400,
      json({ ...valid, message: 'hi \u001b[31mred' }),
      /^message: must not contain control characters/,
    ],
    ['unknown urgency', 400, json({ ...valid, urgency: 'yesterday' }), /^urgency: must be one of: "", "immediate"/],
    ['unknown primary need', 400, json({ ...valid, primaryNeeds: 'world-peace' }), /^primaryNeeds: must be one of/],
    ['unknown engagement size', 400, json({ ...valid, engagementSize: 'huge' }), /^engagementSize: must be one of/],
    ['huge name', 400, json({ ...valid, name: 'A'.repeat(201) }), /^name: must be at most 200 characters long$/],
    [
      'huge message within the body limit',
      400,
      json({ ...valid, message: 'x'.repeat(5001) }),
      /^message: must be at most 5000 characters long$/,
    ],
    ['unknown extra field', 400, json({ ...valid, admin: true }), /^admin: is not a field of this form$/],
    [
      '__proto__ key',
      400,
      {
        payload: `{"__proto__":{"polluted":true},${JSON.stringify(valid).slice(1)}`,
        headers: { 'content-type': 'application/json' },
      },
    ],
    [
      'constructor.prototype key',
      400,
      {
        payload: `{"constructor":{"prototype":{"polluted":true}},${JSON.stringify(valid).slice(1)}`,
        headers: { 'content-type': 'application/json' },
      },
    ],
    [
      'submittedAt not a date',
      400,
      json({ ...valid, submittedAt: 'tomorrow' }),
      /^submittedAt: must be a valid date-time$/,
    ],
    ['body is an array', 400, json([valid]), /^body: must be a JSON object$/],
    ['body is a string', 400, json('hello'), /^body: must be a JSON object$/],
    ['body is null', 400, json(null)],
    ['malformed JSON', 400, { payload: '{"name": "Asha",', headers: { 'content-type': 'application/json' } }],
    ['empty body', 400, { payload: '', headers: { 'content-type': 'application/json' } }],
    ['text/plain', 415, { payload: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } }],
    [
      'form-urlencoded',
      415,
      { payload: 'name=Asha&email=a%40example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    [
      'multipart',
      415,
      {
        payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
    ],
    ['no content type', 415, { payload: JSON.stringify(valid), headers: { 'content-type': '' } }],
    ['oversize body (20 KiB)', 413, json({ ...valid, message: 'x'.repeat(20 * 1024) })],
    [
      'cross-site fetch',
      403,
      { ...json(valid), headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' } },
    ],
    [
      'foreign Origin',
      403,
      { ...json(valid), headers: { 'content-type': 'application/json', origin: 'https://evil.example' } },
    ],
    [
      'HTML and script in the message is kept (as spam), never run',
      202,
      json({ ...valid, message: '<script>alert(1)</script><b>bold</b>' }),
    ],
    ['unicode and emoji are fine', 202, json({ ...valid, name: 'Aṣha Rāo 🚀', company: '株式会社' })],
  ];

  it.each(cases)('%s → %i', async (_name, status, request, message) => {
    const before = (await spooled(config)).length;
    const response = await app.inject({ method: 'POST', url: endpoint, ...request });
    expect(response.statusCode).toBe(status);
    if (status >= 400) {
      expect(response.json()).toMatchObject({ statusCode: status });
      if (message) expect(response.json().message).toMatch(message);
      expect((await spooled(config)).length).toBe(before);
    } else {
      expect((await spooled(config)).length).toBe(before + 1);
    }
  });

  it('at least 30 hostile payloads are covered', () =>
    expect(cases.filter(([, s]) => s >= 400).length).toBeGreaterThanOrEqual(30));

  it('a filled honeypot looks like success and nothing is spooled', async () => {
    const before = (await spooled(config)).length;
    const response = await app.inject({
      method: 'POST',
      url: endpoint,
      payload: { ...valid, website: 'http://spam.example' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ ok: true });
    expect((await spooled(config)).length).toBe(before);
  });

  it('a same-site request from the page itself is accepted', async () => {
    const response = await app.inject({
      method: 'POST',
      url: endpoint,
      payload: valid,
      headers: { origin: 'https://www.example.com', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(202);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once an address exceeds RATE_LIMIT leads in 10 minutes', async () => {
    const { app } = await makeApp({ rateLimit: 2 });
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ method: 'POST', url: endpoint, payload: valid })).statusCode).toBe(202);
    const limited = await app.inject({ method: 'POST', url: endpoint, payload: valid });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many submissions/);
    // Pages are never rate limited.
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    await app.close();
  });

  it('RATE_LIMIT=0 turns it off', async () => {
    const { app } = await makeApp({ rateLimit: 0 });
    for (let i = 0; i < 8; i++)
      expect((await app.inject({ method: 'POST', url: endpoint, payload: valid })).statusCode).toBe(202);
    await app.close();
  });
});
