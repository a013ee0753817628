// The shared layout in a real browser, on the fixture site: the shared suite (./suites/layout.ts)
// on the fixture's copy.
import { layoutSuite } from './suites/layout.ts';
import { useHarness } from './suites/use-harness.ts';

layoutSuite(useHarness(), {
  siteName: 'Fixture Works',
  home: 'Start',
  page: { name: 'Offer', path: '/offer' },
  contact: { name: 'Reach Us', heading: 'Ask Us Anything' },
  section: { name: 'Products', path: '/products', below: '/products/alpha' },
  article: { path: '/resources/blogs/first-note', link: 'Reading' },
  mobile: { name: 'Products', path: '/products' },
  footer: { name: 'Proof', path: '/proof' },
  allLinks: ['Start', 'Offer', 'Products', 'Reading', 'Reach Us'],
  notFound: { text: 'Nothing lives at this address', home: 'Back to Start' },
});
