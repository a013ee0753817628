// TRUST_PROXY: off by default, so X-Forwarded-For is ignored and a forged one never escapes the
// lead rate limit; set to the proxy's address (or a hop count), the limit and the log lines
// follow the client's own address.
import { Writable } from 'node:stream';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, parseTrustProxy, type ServerConfig } from '../../server/config.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms, validLead } from '../fixtures/leads.ts';

let distDir: string;
let form: FormDefinition;

beforeAll(async () => {
  const forms = await fixtureForms();
  form = forms[0];
  distDir = await writeDist(forms);
});

async function post(
  config: Partial<ServerConfig>,
  clients: { remoteAddress: string; forwardedFor?: string }[],
  logLines?: string[],
) {
  const stream = new Writable({ write: (chunk, _encoding, done) => (logLines?.push(chunk.toString()), done()) });
  const dataDir = path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`);
  const app = await buildApp({
    config: testConfig(distDir, { dataDir, rateLimit: 2, ...config }),
    logger: logLines ? { level: 'info', stream } : false,
  });
  const statuses: number[] = [];
  for (const { remoteAddress, forwardedFor } of clients) {
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    statuses.push(
      (await app.inject({ method: 'POST', url: form.endpoint, payload: validLead(form), headers, remoteAddress }))
        .statusCode,
    );
  }
  await app.close();
  return statuses;
}

describe('without TRUST_PROXY', () => {
  it('a forged X-Forwarded-For does not escape the rate limit', async () => {
    const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'].map((forwardedFor) => ({
      remoteAddress: '203.0.113.9',
      forwardedFor,
    }));
    expect(await post({}, forged)).toEqual([202, 202, 429, 429]);
  });

  it('is the default', () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
  });
});

describe('with TRUST_PROXY set to the proxy', () => {
  const behindProxy = (client: string) => ({ remoteAddress: '10.0.0.5', forwardedFor: `${client}` });

  it('each client has its own budget, and the limit holds per client', async () => {
    const statuses = await post({ trustProxy: ['10.0.0.0/8'] }, [
      behindProxy('198.51.100.1'),
      behindProxy('198.51.100.1'),
      behindProxy('198.51.100.1'),
      behindProxy('198.51.100.2'),
    ]);
    expect(statuses).toEqual([202, 202, 429, 202]);
  });

  it('a client cannot forge its way past the proxy: only the address the proxy appended counts', async () => {
    const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3'].map((fake) => behindProxy(`${fake}, 198.51.100.7`));
    expect(await post({ trustProxy: ['10.0.0.5'] }, forged)).toEqual([202, 202, 429]);
  });

  it('a request that does not come from the proxy is its own client, whatever it claims', async () => {
    const direct = ['1.1.1.1', '2.2.2.2', '3.3.3.3'].map((forwardedFor) => ({
      remoteAddress: '203.0.113.9',
      forwardedFor,
    }));
    expect(await post({ trustProxy: ['10.0.0.5'] }, direct)).toEqual([202, 202, 429]);
  });

  it('a hop count trusts that many proxies', async () => {
    const twoProxies = ['1.1.1.1', '2.2.2.2', '3.3.3.3'].map((fake) => ({
      remoteAddress: '10.0.0.5',
      forwardedFor: `${fake}, 198.51.100.9, 10.0.0.4`,
    }));
    expect(await post({ trustProxy: 2 }, twoProxies)).toEqual([202, 202, 429]);
  });

  it('the log lines carry the client address', async () => {
    const lines: string[] = [];
    await post({ trustProxy: ['10.0.0.5'] }, [behindProxy('198.51.100.42')], lines);
    const request = lines.map((line) => JSON.parse(line)).find((entry) => entry.req);
    expect(request.req.remoteAddress).toBe('198.51.100.42');
  });
});

describe('the TRUST_PROXY setting', () => {
  it('reads addresses, CIDRs, range names and hop counts', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('')).toBe(false);
  });

  it('refuses anything else with a message naming the value', () => {
    for (const wrong of ['true', 'nginx.local', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2']) {
      expect(() => parseTrustProxy(wrong)).toThrow(/TRUST_PROXY must be .*got "/);
    }
  });
});
