// `npm run leads -- <command>`: the site owner's tool for the leads in DATA_DIR, read exactly as
// the server reads it (same environment, same spool). Safe while the server runs.
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import type { Folder } from '../server/leads/spool.ts';
import { list, purge, release, retry, show, status } from './leads/commands.ts';
import { exportCsv } from './leads/export.ts';
import { folders, LeadStore } from './leads/store.ts';

const usage = `Usage: npm run leads -- <command>
  status                                  counts in queue, sent, dead and spam, per destination; oldest queued lead; last error
  list [queue|sent|dead|spam]             one line per lead (a spam lead with why it was judged spam)
  show <id>                               a lead's fields with their form labels
  retry <id> | retry --dead               back to the queue for the destinations that failed (a running server delivers within a minute)
  release <id>                            a lead judged spam goes to every destination after all
  export [--since YYYY-MM-DD] [--form ID] CSV to stdout
  purge --older-than DAYS                 delete sent leads older than DAYS (never queued or dead ones)
Reads DATA_DIR (default ./var) and the build in DIST_DIR (default ./dist), as the server does.`;

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dead: { type: 'boolean' },
      since: { type: 'string' },
      form: { type: 'string' },
      'older-than': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, argument, extra] = positionals;
  if (values.help || !command) return usage;
  if (extra !== undefined) throw new Error(`Unexpected "${extra}".\n${usage}`);
  const store = await LeadStore.open(configFromEnv());
  switch (command) {
    case 'status':
      return status(store);
    case 'list':
      if (argument !== undefined && !folders.includes(argument as Folder))
        throw new Error(`list takes queue, sent, dead or spam, not "${argument}".`);
      return list(store, argument as Folder | undefined);
    case 'show':
      if (!argument) throw new Error('show needs a lead id (see `npm run leads -- list`).');
      return show(store, argument);
    case 'retry':
      if (!argument === !values.dead) throw new Error('retry needs a lead id, or --dead for every dead lead.');
      return retry(store, values.dead ? { allDead: true } : { id: argument });
    case 'release':
      if (!argument) throw new Error('release needs a lead id (see `npm run leads -- list spam`).');
      return release(store, argument);
    case 'export':
      return exportCsv(store, { since: values.since, form: values.form });
    case 'purge': {
      const days = Number(values['older-than']);
      if (values['older-than'] === undefined || !Number.isInteger(days) || days < 0)
        throw new Error('purge needs --older-than DAYS, a whole number of days.');
      return purge(store, days);
    }
    default:
      throw new Error(`Unknown command "${command}".\n${usage}`);
  }
}

try {
  const output = await run(process.argv.slice(2));
  process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
