// One prerender worker: renders its share of the routes and reports how many pages it wrote.
import { parentPort, workerData } from 'node:worker_threads';
import type { RouteData } from '../../shared/route-data.ts';
import { renderRoutes, type RenderJob } from './prerender.ts';

const { job, routes } = workerData as { job: RenderJob; routes: RouteData[] };
// React and the prerender bundle choose their production builds from NODE_ENV, as in the build.
process.env.NODE_ENV = 'production';
parentPort!.postMessage(await renderRoutes(job, routes));
