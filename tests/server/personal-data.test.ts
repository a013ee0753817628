// Everything under DATA_DIR that holds a person's data, on real files: what the server, the owner's
// command and the studio write is created 0600 in 0700 folders, and what an older version left
// readable by others (0644 files in 0755 folders) is fixed when the server starts. The releases (the
// public site) and a link placed among the data keep their modes.
import { chmod, lstat, mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../scripts/content/load-site.ts';
import { DraftStore } from '../../scripts/studio/draft-store.ts';
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { outboxMailer } from '../../server/leads/mailer.ts';
import { ShareLinks } from '../../server/previews/share-links.ts';
import { appendAudit } from '../../server/studio-access/audit.ts';
import { addEditor } from '../../server/studio-access/editors.ts';
import type { StoredDraft } from '../../shared/studio-protocol.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { startSmtp } from '../fixtures/smtp.ts';
import { askForLink, mailedLink, pressSignIn, tokenOf } from '../fixtures/studio-sign-in.ts';

let distDir: string;
beforeAll(async () => {
  const { forms } = await compileSite({ root: fixtureSiteRoot });
  distDir = await writeDist(forms);
});

const newConfig = (): ServerConfig =>
  testConfig(distDir, {
    dataDir: path.join(distDir, '..', `data-${Math.random().toString(36).slice(2)}`),
    publicUrl: 'https://www.example.com',
  });

const mode = async (file: string) => (await lstat(file)).mode & 0o777;

/** Every file and folder under DATA_DIR but the releases, with its mode. */
async function modes(dataDir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = { '.': (await mode(dataDir)).toString(8) };
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(dataDir, relative), { withFileTypes: true })) {
      const inner = path.join(relative, entry.name);
      if (inner === 'releases' || entry.isSymbolicLink()) continue;
      found[inner] = (await mode(path.join(dataDir, inner))).toString(8);
      if (entry.isDirectory()) await walk(inner);
    }
  };
  await walk('');
  return found;
}

const lead = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  company: 'Acme GCC',
  role: 'GCC Director',
  phone: '+91 98765 43210',
  urgency: 'immediate',
  primaryNeeds: 'strategic-storytelling',
  engagementSize: '',
  message: 'A lead.',
  submittedAt: '2026-11-22T03:00:00.000Z',
};

describe('personal data under DATA_DIR', () => {
  it('is written 0600 in 0700 folders by every writer', async () => {
    const smtp = await startSmtp();
    const config = { ...newConfig(), smtpUrl: smtp.url };
    const app = await buildApp({ config });
    try {
      await addEditor(config.dataDir, 'ann@example.com', 'editor');
      await appendAudit(config.dataDir, { who: 'owner', action: 'editor-added', detail: 'ann@example.com' });
      expect((await app.inject({ method: 'POST', url: '/email/api/sendEmail', payload: lead })).statusCode).toBe(202);
      // A sign-in: a link mailed by SMTP, then a session.
      expect((await askForLink(app, 'ann@example.com')).statusCode).toBe(200);
      await expect.poll(() => mailedLink(smtp, 'ann@example.com'), { timeout: 15_000 }).toBeDefined();
      expect((await pressSignIn(app, tokenOf(mailedLink(smtp, 'ann@example.com')!))).statusCode).toBe(303);
      // Without SMTP_URL, mail goes to the outbox.
      await outboxMailer(path.join(config.dataDir, 'outbox')).send({ to: 'x@example.com', text: 'a lead' });
      const draft = { file: 'pages/home.yaml', base: {}, draft: {}, at: 1 } as unknown as StoredDraft;
      await new DraftStore(path.join(config.dataDir, 'drafts')).write('ann@example.com', draft);
      await new ShareLinks(config.dataDir).create({ commit: 'c'.repeat(40), by: 'ann@example.com', expires: 1 });
    } finally {
      await app.close();
      await smtp.close();
    }
    const found = await modes(config.dataDir);
    for (const name of ['editors.json', 'audit.log', 'spool', 'outbox', 'drafts', 'studio/sessions', 'previews/links'])
      expect(
        Object.keys(found).some((key) => key === name || key.startsWith(`${name}/`)),
        name,
      ).toBe(true);
    const wrong = Object.entries(found).filter(([name, octal]) => {
      const isFolder = !/\.(json|log|eml)$/.test(name);
      return octal !== (isFolder ? '700' : '600');
    });
    expect(wrong).toEqual([]);
  });

  it('left readable by others before (0644 in 0755) is made private at start; releases and links are left alone', async () => {
    const config = newConfig();
    const { dataDir } = config;
    const files = {
      'editors.json': '[]',
      'audit.log': '',
      'spool/sent/lead-1.json': '{}',
      'outbox/lead-1.eml': 'Subject: a lead',
      'drafts/abc/def.json': '{}',
      'studio/sessions/0123.json': '{}',
      'releases/r1/index.html': '<p>public</p>',
      'elsewhere.txt': 'not personal',
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dataDir, name)), { recursive: true, mode: 0o755 });
      await writeFile(path.join(dataDir, name), text, { mode: 0o644 });
    }
    await symlink(path.join(dataDir, 'elsewhere.txt'), path.join(dataDir, 'spool', 'sent', 'a-link.json'));
    for (const folder of ['', 'spool', 'spool/sent', 'outbox', 'drafts', 'drafts/abc', 'studio', 'studio/sessions'])
      await chmod(path.join(dataDir, folder), 0o755);
    expect(await mode(path.join(dataDir, 'spool/sent/lead-1.json'))).toBe(0o644);

    const app = await buildApp({ config });
    await app.close();
    expect(await modes(dataDir)).toMatchObject({
      '.': '700',
      'editors.json': '600',
      'audit.log': '600',
      spool: '700',
      'spool/sent': '700',
      'spool/sent/lead-1.json': '600',
      outbox: '700',
      'outbox/lead-1.eml': '600',
      drafts: '700',
      'drafts/abc': '700',
      'drafts/abc/def.json': '600',
      studio: '700',
      'studio/sessions': '700',
      'studio/sessions/0123.json': '600',
    });
    expect(await mode(path.join(dataDir, 'releases/r1/index.html'))).toBe(0o644);
    expect((await stat(path.join(dataDir, 'elsewhere.txt'))).mode & 0o777).toBe(0o644);
  });
});
