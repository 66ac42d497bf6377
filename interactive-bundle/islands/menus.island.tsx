/**
 * The header's More menu and mobile menu (spec 1 §2.3 "the More menu with expandable subsections,
 * the mobile menu"), one island per menu.
 *
 * Progressive enhancement: the server render is the same `<details>`/`<summary>` disclosures the
 * shell always had, so both menus open without script. Once hydrated, each disclosure becomes a
 * disclosure button (HTML forbids aria-expanded on a summary):
 *   - every toggle carries aria-expanded and aria-controls (the list it opens, hidden when closed);
 *   - Escape closes the innermost open level and returns focus to its summary;
 *   - a click or tap outside the menu closes it (focus stays where the reader put it);
 *   - one open at a time: opening a subsection closes its open sibling, and since a click on the
 *     other menu is a click outside this one, only one of the two menus is ever open.
 *
 * Only site-relative or http(s) URLs become links (parseMenusProps drops the rest).
 */
import { menuAccentStyle } from '../../core/isomorphic/menu-accent.js';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { IslandPropsError, type JsonObject } from '../island-props.js';
import { isRecord } from '../../core/isomorphic/guards.js';
import { hasSafeUrlStart } from '../../core/isomorphic/safe-url.js';

export type MenuLink = { name: string; url: string };

export type MenuItem = {
  name: string;
  url: string;
  /** A CSS hex colour checked by the shell loader (spec 1 §3 Menu item color). */
  color?: string;
  subsections: MenuLink[];
};

export type MenusProps = {
  /** Which header menu: decides the nav's class (`more-menu`, `mobile-menu`). */
  kind: 'more' | 'mobile';
  /** The navigation landmark's label ("More", "Mobile"). */
  label: string;
  /** The disclosure's visible text ("More", "Menu"). */
  summary: string;
  items: MenuItem[];
  /** The section the page belongs to: its link gets aria-current. */
  activeUrl?: string;
};

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function parseLink(value: unknown): MenuLink | null {
  if (!isRecord(value)) return null;
  const { name, url } = value;
  if (typeof name !== 'string' || name.trim() === '' || typeof url !== 'string' || !hasSafeUrlStart(url)) return null;
  return { name, url };
}

function parseItem(value: unknown): MenuItem | null {
  const link = parseLink(value);
  if (link === null || !isRecord(value)) return null;
  const subsections = Array.isArray(value.subsections) ? value.subsections.map(parseLink).filter((s): s is MenuLink => s !== null) : [];
  const color = typeof value.color === 'string' && HEX_COLOR.test(value.color) ? value.color : undefined;
  return { ...link, ...(color === undefined ? {} : { color }), subsections };
}

export function parseMenusProps(props: JsonObject): MenusProps {
  const { kind, label, summary, items, activeUrl } = props;
  if (kind !== 'more' && kind !== 'mobile') throw new IslandPropsError('Menus kind must be "more" or "mobile"');
  if (typeof label !== 'string' || label.trim() === '') throw new IslandPropsError('Menus needs a non-empty label');
  if (typeof summary !== 'string' || summary.trim() === '') throw new IslandPropsError('Menus needs a non-empty summary');
  if (!Array.isArray(items)) throw new IslandPropsError('Menus needs an items array');
  if (activeUrl !== undefined && typeof activeUrl !== 'string') throw new IslandPropsError('Menus activeUrl must be a string');
  return {
    kind,
    label,
    summary,
    items: items.map(parseItem).filter((item): item is MenuItem => item !== null),
    ...(activeUrl === undefined ? {} : { activeUrl }),
  };
}

/** Which levels are open: the menu itself, and at most one subsection (by index). */
type OpenState = { menu: boolean; sub: number | null };
const CLOSED: OpenState = { menu: false, sub: null };

/** One disclosure: `<details>` before hydration, a button with aria-expanded/controls after. */
function Disclosure({
  enhanced,
  open,
  label,
  color,
  listId,
  buttonRef,
  onToggle,
  children,
}: {
  enhanced: boolean;
  open: boolean;
  label: string;
  color?: string | undefined;
  listId: string;
  buttonRef?: (element: HTMLButtonElement | null) => void;
  onToggle: () => void;
  children: ReactNode;
}) {
  const style = menuAccentStyle(color);
  if (!enhanced) {
    return (
      <details>
        <summary style={style}>{label}</summary>
        <ul id={listId}>{children}</ul>
      </details>
    );
  }
  return (
    <>
      <button ref={buttonRef} type="button" className="menu-toggle" style={style} aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        {label}
      </button>
      <ul id={listId} hidden={!open}>
        {children}
      </ul>
    </>
  );
}

export function Menus({ kind, label, summary, items, activeUrl }: MenusProps) {
  // The server render and the first browser render are the <details> fallback (so hydration
  // matches); once live, the disclosures become buttons that carry aria-expanded/controls, which
  // HTML does not allow on a <summary>.
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState<OpenState>(CLOSED);
  const rootRef = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement | null>(null);
  const subButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const listId = useId();
  const subListId = useId();

  useEffect(() => setEnhanced(true), []);

  // Outside click closes the menu; listening only while it is open.
  useEffect(() => {
    if (!open.menu) return;
    const onPointerDown = (event: PointerEvent) => {
      const root = rootRef.current;
      if (root !== null && event.target instanceof Node && !root.contains(event.target)) setOpen(CLOSED);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open.menu]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open.menu) return;
    event.preventDefault();
    if (open.sub !== null) {
      // The innermost level first, focus back on its toggle.
      subButtons.current[open.sub]?.focus();
      setOpen({ menu: true, sub: null });
    } else {
      menuButton.current?.focus();
      setOpen(CLOSED);
    }
  };

  const current = (url: string) => (url === activeUrl ? 'true' : undefined);
  return (
    <nav ref={rootRef} className={`${kind}-menu`} aria-label={label} onKeyDown={onKeyDown}>
      <Disclosure
        enhanced={enhanced}
        open={open.menu}
        label={summary}
        listId={listId}
        buttonRef={(element) => {
          menuButton.current = element;
        }}
        onToggle={() => setOpen((state) => (state.menu ? CLOSED : { menu: true, sub: null }))}
      >
        {items.map((item, index) => (
          <li key={`${index}:${item.url}`}>
            {item.subsections.length === 0 ? (
              <a href={item.url} style={menuAccentStyle(item.color)} aria-current={current(item.url)}>
                {item.name}
              </a>
            ) : (
              <Disclosure
                enhanced={enhanced}
                open={open.sub === index}
                label={item.name}
                color={item.color}
                listId={`${subListId}-${index}`}
                buttonRef={(element) => {
                  subButtons.current[index] = element;
                }}
                // One open at a time: opening a subsection closes its open sibling.
                onToggle={() => setOpen((state) => ({ menu: true, sub: state.sub === index ? null : index }))}
              >
                <li>
                  <a href={item.url} aria-current={current(item.url)}>
                    {item.name}
                  </a>
                </li>
                {item.subsections.map((sub, subIndex) => (
                  <li key={`${subIndex}:${sub.url}`}>
                    <a href={sub.url}>{sub.name}</a>
                  </li>
                ))}
              </Disclosure>
            )}
          </li>
        ))}
      </Disclosure>
    </nav>
  );
}
