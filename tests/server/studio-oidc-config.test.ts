// The three OIDC variables: all of them turn "Sign in with <provider>" on, none leaves it off, and
// anything between is refused at start with a message that names what is missing.
import { describe, expect, test } from 'vitest';
import { configFromEnv } from '../../server/config.ts';

const all = {
  PUBLIC_URL: 'https://www.example.com',
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'studio.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'secret',
};

describe('OIDC settings', () => {
  test('none of the three leaves sign-in with a provider off', () => {
    expect(configFromEnv({}).oidc).toBeUndefined();
    expect(configFromEnv({ OIDC_ISSUER: ' ', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' }).oidc).toBeUndefined();
  });

  test('all three turn it on', () => {
    expect(configFromEnv(all).oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'studio.apps.googleusercontent.com',
      clientSecret: 'secret',
    });
  });

  test.each(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'])(
    'a set without %s is refused at start, naming it',
    (name) => {
      const env: Record<string, string> = { ...all, [name]: '' };
      expect(() => configFromEnv(env)).toThrow(
        new RegExp(`needs all of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET; ${name} not set`),
      );
    },
  );

  test('without PUBLIC_URL, the address the provider sends editors back to, it is refused at start', () => {
    expect(() => configFromEnv({ ...all, PUBLIC_URL: '' })).toThrow(/needs PUBLIC_URL/);
  });

  test('only the issuer is refused too, naming both that are missing', () => {
    expect(() => configFromEnv({ PUBLIC_URL: all.PUBLIC_URL, OIDC_ISSUER: all.OIDC_ISSUER })).toThrow(
      'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET not set',
    );
  });

  test.each([
    'accounts.google.com',
    'http://accounts.google.com',
    'ftp://idp.example.com',
    'https://idp.example.com/?x=1',
  ])('an issuer that is not an https address (%s) is refused', (issuer) => {
    expect(() => configFromEnv({ ...all, OIDC_ISSUER: issuer })).toThrow(
      /OIDC_ISSUER must be the provider's https:\/\/ address/,
    );
  });

  test('plain http is taken only for a provider on this machine', () => {
    expect(configFromEnv({ ...all, OIDC_ISSUER: 'http://127.0.0.1:8080' }).oidc?.issuer).toBe('http://127.0.0.1:8080');
    expect(configFromEnv({ ...all, OIDC_ISSUER: 'http://localhost:8080/realms/x' }).oidc?.issuer).toBe(
      'http://localhost:8080/realms/x',
    );
  });
});
