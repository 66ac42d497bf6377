/**
 * The game info modal of a game page (spec 2 §2 game page; the page must not
 * scroll behind it): a How to Play button opens a modal dialog with the game's info (its dek and how
 * to play). While it is open the page does not scroll (document.body overflow hidden, the previous
 * value restored on close); Escape and the Close button close it; focus moves into the dialog and
 * back to the button. The dialog is a native modal <dialog> (the rest of the page is inert while it
 * is open), labelled by its heading, with aria-modal.
 *
 * The button is hidden in the server markup and shown once hydrated: without script it could not
 * open anything (the page shows the dek in its header anyway).
 *
 * The texts (How to Play, Close) are the edition's (core/isomorphic/ui-text.ts; the English ones
 * are the news edition's), chosen by the `site` prop: the island hydrates as its own root and
 * cannot read the page's edition, and the server render takes the same prop, so both render the
 * same texts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { isSiteId, type SiteId } from '../../core/isomorphic/sites.js';
import { uiText } from '../../core/isomorphic/ui-text.js';
import { IslandPropsError, type JsonObject } from '../island-props.js';

export type GameInfoModalProps = {
  gameTitle: string;
  /** Plain-text paragraphs: the dek first, then how to play. */
  paragraphs: string[];
  /** The edition, for the island's texts; the news edition when absent. */
  site?: SiteId;
};

export function parseGameInfoModalProps(props: JsonObject): GameInfoModalProps {
  const { gameTitle, paragraphs, site } = props;
  if (site !== undefined && !isSiteId(site)) throw new IslandPropsError('GameInfoModal site must be a site id');
  if (typeof gameTitle !== 'string' || gameTitle.trim() === '') throw new IslandPropsError('GameInfoModal needs a gameTitle');
  if (!Array.isArray(paragraphs) || !paragraphs.every((p): p is string => typeof p === 'string')) {
    throw new IslandPropsError('GameInfoModal paragraphs must be a list of strings');
  }
  return { gameTitle, paragraphs: [...paragraphs], ...(site === undefined ? {} : { site }) };
}

export function GameInfoModal({ gameTitle, paragraphs, site = 'news' }: GameInfoModalProps) {
  const text = uiText(site);
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const titleId = `game-info-title-${useId().replace(/[^\w-]/g, '')}`;

  useEffect(() => setLive(true), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (open) {
      wasOpen.current = true;
      const { body } = document;
      const previous = body.style.overflow;
      body.style.overflow = 'hidden';
      if (!dialog.open) dialog.showModal();
      closeRef.current?.focus();
      return () => {
        body.style.overflow = previous;
      };
    }
    if (dialog.open) dialog.close();
    if (wasOpen.current) {
      wasOpen.current = false;
      openerRef.current?.focus();
    }
    return undefined;
  }, [open]);

  return (
    <div className="game-info">
      <button ref={openerRef} type="button" className="game-info-open" hidden={!live} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text.howToPlay}
      </button>
      <dialog
        ref={dialogRef}
        className="game-info-dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // Escape: the browser's cancel is taken over so the state, scroll lock and focus follow.
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      >
        <h2 id={titleId}>
          {text.howToPlay}: {gameTitle}
        </h2>
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
        <button ref={closeRef} type="button" className="game-info-close" onClick={() => setOpen(false)}>
          {text.close}
        </button>
      </dialog>
    </div>
  );
}
