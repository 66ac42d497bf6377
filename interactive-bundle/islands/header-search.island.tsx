/**
 * The header search toggle and box (spec 1 §2.3): placeholder "Search {site}", and a submitted
 * query goes to /search-results/search with the URL-encoded query in the hash as `q`.
 *
 * Progressive enhancement: the server render is a plain GET form (action SEARCH_RESULTS_PATH,
 * input `q`) hidden by the `hidden` attribute; hydration makes the toggle live and turns submit into
 * the hash navigation the search page reads.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SEARCH_RESULTS_PATH } from '../../core/isomorphic/constants.js';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { fillText, uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

/** A type alias, not an interface, so it satisfies the registry's JSON constraint. */
export type HeaderSearchProps = {
  /** Site display name, as in SiteInfo.name: "Fox News" gives the placeholder "Search Fox News". */
  siteName: string;
  /** The edition, whose language the labels are in (core/isomorphic/ui-text.ts). Default news. */
  site?: SiteId;
};

export function parseHeaderSearchProps(props: JsonObject): HeaderSearchProps {
  const { siteName, site } = props;
  if (typeof siteName !== 'string' || siteName.trim() === '') {
    throw new IslandPropsError('HeaderSearch needs a non-empty string siteName');
  }
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('HeaderSearch site must be a site id');
  return site === undefined ? { siteName } : { siteName, site };
}

/** Where a search for `query` goes, or null when there is nothing to search for (spec 1 §2.3). */
export function searchResultsHref(query: string): string | null {
  const trimmed = query.trim();
  if (trimmed === '') return null;
  return `${SEARCH_RESULTS_PATH}#q=${encodeURIComponent(trimmed)}`;
}

export function HeaderSearch({ siteName, site = 'news' }: HeaderSearchProps) {
  const text = uiText(site);
  const [open, setOpen] = useState(false);
  // useId, not a counter: the server render and hydrateRoot use the same identifierPrefix, so
  // the ids match and re-rendering unchanged content gives identical HTML.
  const formId = useId();
  const inputId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Uncontrolled input: whatever the reader typed before hydration is still there to submit.
    const href = searchResultsHref(inputRef.current?.value ?? '');
    if (href !== null) window.location.assign(href);
  };

  const placeholder = fillText(text.searchSite, { site: siteName });
  return (
    <div className="header-search" onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="header-search__toggle"
        aria-label={text.search}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <form
        id={formId}
        className="header-search__form"
        role="search"
        action={SEARCH_RESULTS_PATH}
        method="get"
        hidden={!open}
        onSubmit={onSubmit}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {placeholder}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="header-search__input"
          type="search"
          name="q"
          placeholder={placeholder}
          autoComplete="off"
        />
        <button type="submit" className="header-search__submit">
          {text.submit}
        </button>
      </form>
    </div>
  );
}
