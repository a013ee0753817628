// The application factory: everything the server does, with no port. Tests build it and call
// app.inject(); server/main.ts builds it and listens.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.ts';
import { security } from './plugins/security.ts';
import { readManifest, site } from './plugins/site.ts';

export interface AppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ config, logger = false }: AppOptions): Promise<FastifyInstance> {
  const manifest = await readManifest(config.distDir);
  const app = Fastify({ logger, trustProxy: false, bodyLimit: 16 * 1024, return503OnClosing: true });
  await app.register(security);
  await app.register(site, { distDir: config.distDir, manifest });
  return app;
}
