// `import.meta.env.STUDIO_PREVIEW`: true in the studio's prebuilt preview (scripts/studio/studio-bundle.ts),
// false in every other bundle (scripts/site-build/vite-config.ts defines it), so the visitors' build
// drops each branch it guards, as it drops those under `import.meta.env.DEV`.
interface ImportMetaEnv {
  readonly STUDIO_PREVIEW: boolean;
}
