declare module 'virtual:site' {
  import type { SiteShell } from '../shared/route-data.ts';
  const shell: SiteShell;
  export default shell;
}
