// A lead's source is the visitor's browser talking: kept only as far as it is a source (pages as
// paths, the referrer as a host, the five utm_* parameters, each one line and bounded), and a
// source that is none of that never costs the visitor their lead.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { compileSite } from '../../scripts/content/load-site.ts';
import { buildApp } from '../../server/app.ts';
import { normaliseSource } from '../../server/leads/lead-source.ts';
import { SOURCE_FIELD } from '../../shared/lead-protocol.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { validLead } from '../fixtures/leads.ts';
import type { FormDefinition } from '../../shared/generated/content.ts';

it('keeps pages as paths, the referrer as its host and only the utm_* parameters', () => {
  expect(
    normaliseSource({
      page: 'https://elsewhere.example/contact?email=a@b.c#x',
      landing: '/blog/one?utm_campaign=x',
      referrer: 'https://user:pw@search.example/q?term=secret',
      utm_campaign: '  spring\r\nX-Header: forged ',
      utm_source: 'news',
      gclid: 'tracking-id',
      email: 'someone@example.com',
    }),
  ).toEqual({
    page: '/contact',
    landing: '/blog/one',
    referrer: 'search.example',
    utm_campaign: 'spring X-Header: forged',
    utm_source: 'news',
  });
});

it('bounds every value and keeps nothing from what is not a source', () => {
  const long = normaliseSource({ utm_term: 'x'.repeat(5000), page: `/${'p'.repeat(5000)}` });
  expect(long?.utm_term).toHaveLength(200);
  expect(long?.page?.length).toBeLessThanOrEqual(500);
  expect(normaliseSource({ referrer: 'not a host at all', utm_medium: 42 })).toBeUndefined();
  for (const sent of [undefined, null, 'text', ['/a'], {}]) expect(normaliseSource(sent)).toBeUndefined();
});

let distDir: string;
let form: FormDefinition;
beforeAll(async () => {
  const { forms } = await compileSite({ root: fixtureSiteRoot });
  distDir = await writeDist(forms);
  form = forms[0];
});

const spooledLead = async (dataDir: string, id: string) =>
  JSON.parse(await readFile(path.join(dataDir, 'spool', 'queue', `${id}.json`), 'utf8').catch(() => '{}')) as {
    lead?: { source?: unknown };
  };

it('is spooled with the lead, and a source that is not one is dropped, not the lead', async () => {
  const config = testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    smtpUrl: 'smtp://127.0.0.1:9', // unreachable: the lead stays in the queue to be read
  });
  const app = await buildApp({ config });
  // Each a different message: the same one again would be held back as spam.
  let sent = 0;
  const send = (source: unknown) =>
    app.inject({
      method: 'POST',
      url: form.endpoint,
      payload: { ...validLead(form, `Lead ${++sent}`), [SOURCE_FIELD]: source },
    });
  const kept = await send({ page: '/contact', referrer: 'news.example', utm_campaign: 'x' });
  expect(kept.statusCode).toBe(202);
  expect((await spooledLead(config.dataDir, kept.json<{ id: string }>().id)).lead?.source).toEqual({
    page: '/contact',
    referrer: 'news.example',
    utm_campaign: 'x',
  });
  const junk = await send({ referrer: '<script>', utm_medium: '' });
  expect(junk.statusCode).toBe(202);
  expect((await spooledLead(config.dataDir, junk.json<{ id: string }>().id)).lead).not.toHaveProperty('source');
  // Anything but a small object of strings is refused as the form's other fields are.
  const nested = await send({ page: { deep: '/x' } });
  expect(nested.statusCode).toBe(400);
  await app.close();
});
