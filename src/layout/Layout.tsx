import type { ReactNode } from 'react';
import type { RouteData } from '../../shared/route-data.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

export function Layout({ route, children }: { route: RouteData; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LanguageSwitcher route={route} />
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
