// `npm run nginx-config -- --listen PORT --upstream HOST:PORT [--upstream …] [--server-name NAME] [--studio HOST:PORT]`
// prints the nginx.conf for the current build (the live release, else dist/ or DIST_DIR) to stdout,
// with the lead rate limit from RATE_LIMIT, exactly as the server reads them. --studio names the
// one instance that runs the studio: /_studio/ goes there, and the pages to the instances.
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import { readManifest } from '../server/plugins/site.ts';
import { readCurrent, releaseDir } from '../server/releases/store.ts';
import { nginxConfig } from './deploy/nginx-config.ts';

const usage =
  'Usage: npm run nginx-config -- --listen PORT --upstream HOST:PORT [--upstream HOST:PORT …] [--server-name NAME] [--studio HOST:PORT] > nginx.conf';

try {
  const { values } = parseArgs({
    options: {
      listen: { type: 'string' },
      upstream: { type: 'string', multiple: true },
      'server-name': { type: 'string' },
      studio: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!values.listen || !/^(\S+:)?\d{1,5}$/.test(values.listen))
    throw new Error(`--listen needs a port (or address:port).\n${usage}`);
  const upstreams = values.upstream ?? [];
  const wrong = upstreams.find((upstream) => !/^[A-Za-z0-9.[\]:-]+:\d{1,5}$/.test(upstream));
  if (!upstreams.length || wrong !== undefined)
    throw new Error(
      `${wrong ? `"${wrong}" is not HOST:PORT. ` : ''}Each instance is an --upstream HOST:PORT.\n${usage}`,
    );
  const studio = values.studio;
  if (studio !== undefined && !/^[A-Za-z0-9.[\]:-]+:\d{1,5}$/.test(studio))
    throw new Error(`--studio "${studio}" is not HOST:PORT: name the one instance that runs the studio.\n${usage}`);
  const serverName = values['server-name'];
  if (serverName !== undefined && !/^[A-Za-z0-9.*_-]+( [A-Za-z0-9.*_-]+)*$/.test(serverName))
    throw new Error(`--server-name "${serverName}" is not a host name.`);
  const config = configFromEnv();
  const live = config.releasesDir ? await readCurrent(config.releasesDir) : undefined;
  const distDir = live && config.releasesDir ? releaseDir(config.releasesDir, live) : config.distDir;
  const manifest = await readManifest(distDir);
  process.stdout.write(
    nginxConfig({
      distDir,
      manifest,
      listen: values.listen,
      upstreams,
      serverName,
      studio,
      rateLimit: config.rateLimit,
    }),
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
