// The shared layout in a real browser: the shared suite (tests/browser/suites/layout.ts) with the
// spec's exact copy.
import { siteDistDir } from '../browser/harness.ts';
import { layoutSuite } from '../browser/suites/layout.ts';
import { useHarness } from '../browser/suites/use-harness.ts';

layoutSuite(useHarness({ distDir: siteDistDir }), {
  siteName: 'Meridian Narratives',
  home: 'Home',
  page: { name: 'Services', path: '/services' },
  contact: { name: 'Summon Us', heading: 'What to Expect' },
  section: { name: 'Solutions', path: '/solutions', below: '/solutions/analytics-at-scale' },
  article: { path: '/resources/blogs/one-team-culture', link: 'Resources' },
  mobile: { name: 'Technology', path: '/technology' },
  footer: { name: 'Challenges', path: '/challenges' },
  notFound: { text: 'Oops! Page not found', home: 'Return to Home' },
});
