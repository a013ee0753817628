// Erasing a person's data on their request: every lead whose fields hold their e-mail address,
// from every copy the server keeps: the spool (queue/, sent/, dead/, a damaged file that holds
// the address included), its e-mail in the outbox, and the team's note on it. Exports are never
// kept on the server, so there is nothing else. The caller records the erasure in the audit log,
// without the address. A lead being delivered while it is erased may be written to sent/ just
// after: the folders are looked at again until a pass finds nothing.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fsyncPath } from './durable-file.ts';
import { LeadNotes } from './lead-notes.ts';
import { spoolFolders } from './lead-records.ts';
import { Spool } from './spool.ts';

const sameAddress = (value: string, email: string) => value.trim().toLowerCase() === email;

/** Removes every lead of `email` and what was made of it; resolves with how many leads. */
export async function eraseLeadsOf(dataDir: string, email: string): Promise<number> {
  const wanted = email.trim().toLowerCase();
  if (!wanted.includes('@')) return 0;
  const spool = new Spool(path.join(dataDir, 'spool'));
  const notes = new LeadNotes(dataDir);
  const outbox = path.join(dataDir, 'outbox');
  const erased = new Set<string>();
  for (let pass = 0; pass < 5; pass++) {
    let found = 0;
    for (const folder of spoolFolders) {
      const dir = spool.folder(folder);
      for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => !f.startsWith('.'))) {
        const text = await readFile(path.join(dir, file), 'utf8').catch(() => '');
        const entry = file.endsWith('.json') ? await spool.read(folder, file).catch(() => undefined) : undefined;
        // A damaged file cannot be read as a lead: it is erased when the address is anywhere in it.
        const matches = entry
          ? Object.values(entry.lead.fields).some((value) => sameAddress(value, wanted))
          : text.toLowerCase().includes(wanted);
        if (!matches) continue;
        await rm(path.join(dir, file), { force: true });
        await fsyncPath(dir);
        const id = file.replace(/\.json(\.unreadable)?$/, '');
        await rm(path.join(outbox, `${id}.eml`), { force: true });
        await notes.remove(id);
        erased.add(id);
        found++;
      }
    }
    if (found === 0) break;
  }
  // A lead's e-mail may outlive its spool file (sent leads are purged after LEAD_RETENTION_DAYS).
  for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
    const text = (await readFile(path.join(outbox, file), 'utf8').catch(() => '')).toLowerCase();
    if (!/^x-lead-id:/m.test(text) || !text.includes(wanted)) continue;
    await rm(path.join(outbox, file), { force: true });
    erased.add(file.slice(0, -4));
  }
  return erased.size;
}
