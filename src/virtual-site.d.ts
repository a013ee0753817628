declare module 'virtual:site' {
  import type { SiteShell } from './browser-data.ts';
  const shell: SiteShell;
  export default shell;
}
