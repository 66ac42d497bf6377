/**
 * Online or offline status follows the browser's events (spec 1 §2.3): `<html data-online="true">`
 * or `"false"`, so styles (and islands, through the attribute) can react without each listening.
 */

export const ONLINE_ATTRIBUTE = 'data-online';

export function startOnlineStatus(win: Window = window): () => void {
  const root = win.document.documentElement;
  const update = () => root.setAttribute(ONLINE_ATTRIBUTE, String(win.navigator.onLine));
  update();
  win.addEventListener('online', update);
  win.addEventListener('offline', update);
  return () => {
    win.removeEventListener('online', update);
    win.removeEventListener('offline', update);
  };
}
