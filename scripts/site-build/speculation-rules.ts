// Navigation between visitors' pages is a plain page load, made instant by the browser: a link the
// visitor is about to follow (pointer resting on it, pressed, focused) is prerendered in the
// background (Speculation Rules, "moderate" eagerness). Only the site's own pages: never the
// studio, the route data, the feeds or files (every address shared/reserved-addresses.ts reserves,
// which the prefetch of browsers without the rules skips too), a link marked nofollow or a download.
// The rules are JSON in the page; the Content-Security-Policy allows inline rules alone
// ('inline-speculation-rules').
import { reservedPatterns } from '../../shared/reserved-addresses.ts';
import { escapeJson } from './escape.ts';

const excluded = reservedPatterns();

export const speculationRules = {
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          ...excluded.map((pattern) => ({ not: { href_matches: pattern } })),
          { not: { selector_matches: '[rel~="nofollow"]' } },
          { not: { selector_matches: '[download]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
};

export const speculationRulesTag = `<script type="speculationrules">${escapeJson(JSON.stringify(speculationRules))}</script>`;
