// Starts the server: reads the environment, builds the app, listens, and closes cleanly on
// SIGTERM/SIGINT (in-flight requests finish; nothing accepted is abandoned).
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { configFromEnv, type ServerConfig } from './config.ts';

/** What `npm start` adds to the app (the studio), given the configuration; `built` runs before it listens. */
export type AddOn = (
  config: ServerConfig,
) => Promise<{ options?: Partial<AppOptions>; built?: (app: FastifyInstance) => void } | undefined>;

export async function serve(addOn?: AddOn): Promise<void> {
  const config = configFromEnv();
  // LOG_LEVEL=warn silences the per-request lines (the benchmark uses it); pretty in a terminal,
  // JSON lines everywhere else.
  const level = process.env.LOG_LEVEL || 'info';
  const logger = process.stdout.isTTY
    ? { level, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : { level };

  try {
    const extra = await addOn?.(config);
    const app = await buildApp({ ...extra?.options, config, logger });
    extra?.built?.(app);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, async () => {
        app.log.info(`${signal} received: closing`);
        await app.close();
        process.exit(0);
      });
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

if (import.meta.main) await serve();
