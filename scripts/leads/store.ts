// The leads as the site owner sees them: every lead in DATA_DIR's spool, wherever it is (queue/,
// sent/, dead/), read with the same config and Spool as the server. Read-only except through the
// commands that say so; never touches spool/tmp, where a running server writes.
import { access, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FormDefinition } from '../../shared/generated/content.ts';
import { declaredLanguages, languageName, type LeadLanguage } from '../../shared/lead-protocol.ts';
import type { ServerConfig } from '../../server/config.ts';
import { readManifest } from '../../server/plugins/site.ts';
import { receivedAtOf, Spool, type Folder, type SpoolEntry } from '../../server/leads/spool.ts';
import { DamagedLeadError, parseSpoolEntry } from '../../server/leads/spool-entry.ts';

export const folders: readonly Folder[] = ['queue', 'sent', 'dead', 'spam'];

export interface StoredLead {
  id: string;
  folder: Folder;
  file: string;
  /** Undefined for a damaged file (kept in dead/ as *.json.unreadable once the server met it). */
  entry?: SpoolEntry;
  /** Why the file is not a lead the server can deliver, when it is damaged. */
  damage?: string;
  receivedAt: number;
  /** When the file was last written: the lead's latest delivery attempt, or its arrival. */
  modifiedAt: number;
}

export class LeadStore {
  readonly spool: Spool;
  /** The forms of the current build, for labels; empty when there is no build. */
  readonly forms: FormDefinition[];
  /** The languages of the current build, its own first, for naming each lead's. */
  readonly languages: LeadLanguage[];

  private constructor(spool: Spool, forms: FormDefinition[], languages: LeadLanguage[]) {
    this.spool = spool;
    this.forms = forms;
    this.languages = languages;
  }

  static async open(config: ServerConfig): Promise<LeadStore> {
    const spool = new Spool(path.join(config.dataDir, 'spool'));
    await access(spool.folder('queue')).catch(() => {
      throw new Error(`No lead spool in ${spool.dir}. Set DATA_DIR as for the server (it is ${config.dataDir} now).`);
    });
    const { forms, languages } = await readManifest(config.distDir).then(
      (manifest) => ({ forms: manifest.forms, languages: declaredLanguages(manifest.site.languages) }),
      () => ({ forms: [], languages: declaredLanguages(undefined) }),
    );
    return new LeadStore(spool, forms, languages);
  }

  /** The name of a lead's language ("Deutsch"); one naming none is in the site's own. */
  languageName(code: string | undefined): string {
    return languageName(code, this.languages);
  }

  form(id: string): FormDefinition | undefined {
    return this.forms.find((form) => form.id === id);
  }

  async all(only?: Folder): Promise<StoredLead[]> {
    const leads: StoredLead[] = [];
    for (const folder of only ? [only] : folders) {
      // A spool from before spam/ existed has none until the server starts again.
      const files = await readdir(this.spool.folder(folder)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' && folder === 'spam') return [];
        throw error;
      });
      for (const file of files.filter((f) => !f.startsWith('.')).sort()) leads.push(await this.load(folder, file));
    }
    return leads.sort((a, b) => a.receivedAt - b.receivedAt || a.id.localeCompare(b.id));
  }

  async find(id: string): Promise<StoredLead> {
    // An id is a file name inside the spool, never a path.
    if (!/^[A-Za-z0-9_.-]+$/.test(id) || id.startsWith('.'))
      throw new Error(`"${id}" is not a lead id (ids look like 20261123T101500123Z-0a1b2c3d4e).`);
    for (const folder of folders) {
      for (const file of [`${id}.json`, `${id}.json.unreadable`]) {
        if (
          await stat(path.join(this.spool.folder(folder), file)).then(
            () => true,
            () => false,
          )
        )
          return this.load(folder, file);
      }
    }
    throw new Error(`No lead ${id} in ${this.spool.dir} (see \`npm run leads -- list\`).`);
  }

  private async load(folder: Folder, file: string): Promise<StoredLead> {
    const id = file.replace(/\.json(\.unreadable)?$/, '');
    // Validated as the server validates: a damaged file gives its reason again.
    const { entry, damage } = await readFile(path.join(this.spool.folder(folder), file), 'utf8')
      .then((text) => {
        const read = parseSpoolEntry(file, text);
        return file.endsWith('.unreadable') ? { damage: 'the server could not read it then' } : { entry: read };
      })
      .catch((error: unknown) => ({
        entry: undefined,
        damage: error instanceof DamagedLeadError ? error.reason : 'the file cannot be read',
      }));
    const modifiedAt = (await stat(path.join(this.spool.folder(folder), file))).mtimeMs;
    const receivedAt = receivedAtOf(id) ?? (entry ? Date.parse(entry.lead.receivedAt) : modifiedAt);
    return { id, folder, file, entry, damage, receivedAt, modifiedAt };
  }
}
