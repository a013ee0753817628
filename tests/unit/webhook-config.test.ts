// LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET as the server reads them: several addresses separated
// by spaces, each http(s), and a secret whenever there is one; a mistake stops the server at start
// without repeating the address (it may hold the receiver's token).
import { describe, expect, it } from 'vitest';
import { parseWebhooks } from '../../server/config.ts';
import { webhookId } from '../../server/leads/destinations.ts';
import { signLead } from '../../server/leads/webhook.ts';

describe('the webhook settings', () => {
  it('are off when unset, and several addresses are read from one variable', () => {
    expect(parseWebhooks({})).toEqual({ webhookUrls: [], webhookSecret: undefined });
    expect(
      parseWebhooks({
        LEAD_WEBHOOK_URL: ' https://a.example/hook  http://localhost:9000/x https://a.example/hook ',
        LEAD_WEBHOOK_SECRET: 's',
      }),
    ).toEqual({ webhookUrls: ['https://a.example/hook', 'http://localhost:9000/x'], webhookSecret: 's' });
  });

  it('refuse an address that is not http(s), without repeating it', () => {
    for (const url of ['ftp://a.example/x', 'not an address', 'file:///etc/passwd'])
      expect(() => parseWebhooks({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: 's' })).toThrow(
        /^LEAD_WEBHOOK_URL must be http\(s\) addresses separated by spaces; one of them is not$/,
      );
  });

  it('refuse addresses without a secret to sign with', () => {
    expect(() => parseWebhooks({ LEAD_WEBHOOK_URL: 'https://a.example/hook' })).toThrow(/needs LEAD_WEBHOOK_SECRET/);
    expect(() => parseWebhooks({ LEAD_WEBHOOK_URL: 'https://a.example/hook', LEAD_WEBHOOK_SECRET: '  ' })).toThrow(
      /needs LEAD_WEBHOOK_SECRET/,
    );
  });

  it('name each webhook by a digest, never by its address', () => {
    const id = webhookId('https://hooks.example/catch/SECRET-TOKEN');
    expect(id).toMatch(/^webhook-[0-9a-f]{12}$/);
    expect(id).not.toContain('SECRET');
  });

  it('sign with HMAC-SHA256 over "<t>.<body>"', () => {
    // The value as openssl computes it: printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac key
    expect(signLead('key', '{"a":1}', 1_700_000_000)).toBe(
      't=1700000000,v1=a438e398bfafc57e4396bb7fc2304422f0f768e965d073ca313cb52e22e6ad03',
    );
    expect(signLead('key', '{"a":1}', 1_700_000_000)).not.toBe(signLead('key', '{"a":2}', 1_700_000_000));
  });
});
