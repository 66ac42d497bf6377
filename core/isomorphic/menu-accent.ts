/**
 * How a menu item's upstream colour (spec 1 §3 Menu item `color`) is shown: as an accent bar
 * under the item, not as its text colour. Upstream colours are brand accents (the sample's Video
 * red, #E4002B) that fail WCAG contrast as text on the dark header (2.6:1 where 4.5:1 is needed,
 * found by the axe check); a bar needs no contrast with text. Shared by the server-rendered header
 * and the Menus island so both render the same style.
 */
export function menuAccentStyle(color: string | undefined): { borderBottom: string } | undefined {
  return color === undefined ? undefined : { borderBottom: `3px solid ${color}` };
}
