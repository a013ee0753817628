declare module 'virtual:site' {
  import type { SiteShell } from './route-data.ts';
  const shell: SiteShell;
  export default shell;
}
