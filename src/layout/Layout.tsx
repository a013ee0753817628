import type { ReactNode } from 'react';
import type { RouteData } from '../../shared/route-data.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { useWords } from '../site-context.tsx';

export function Layout({ route, children }: { route: RouteData; children: ReactNode }) {
  const words = useWords();
  return (
    <>
      <a className="skip-link" href="#main">
        {words.skipToContent}
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
