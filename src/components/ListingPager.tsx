// The links below an article list to its other pages: previous, the page numbers (the first, the
// last, and the current page with its neighbours), next. Real links to real addresses, so each
// page reads without JavaScript; with it, they navigate in place like every link of the site.
import { listingPagePath, pagerNumbers, type ListingPager as Pager } from '../../shared/listing-pages.ts';
import { withValues } from '../../shared/site-words.ts';
import { useWords } from '../site-context.tsx';
import { TextLink } from './TextLink.tsx';
import classes from './ListingPager.module.css';

export function ListingPager({ pager }: { pager: Pager }) {
  const { page, pages, listing } = pager;
  const words = useWords();
  if (pages < 2) return null;
  const to = (n: number) => listingPagePath(listing, n);
  return (
    <nav aria-label={words.articlePages} className={classes.pager}>
      <ul className={classes.list}>
        <li>
          {page > 1 ? (
            <TextLink to={to(page - 1)} rel="prev" className={classes.step}>
              <span aria-hidden="true" data-arrow>
                ←
              </span>
              {words.previousPage}
            </TextLink>
          ) : null}
        </li>
        {pagerNumbers(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className={classes.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <TextLink
                to={to(n)}
                aria-label={withValues(words.pageNumber, { number: n })}
                aria-current={n === page ? 'page' : undefined}
                className={classes.number}
              >
                {n}
              </TextLink>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <TextLink to={to(page + 1)} rel="next" className={classes.step}>
              {words.nextPage}
              <span aria-hidden="true" data-arrow>
                →
              </span>
            </TextLink>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
