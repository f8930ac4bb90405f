/**
 * Links to a lab on its own page ("?<state>#<lab id>", the cards' "open in the lab") apply
 * their state in place instead of reloading the page, which inside an LMS would end the
 * SCORM session. Modified clicks (a new tab or window), other targets and links elsewhere
 * keep the browser's behaviour.
 *
 * @module kit/links
 */

/**
 * The query string a click asks the lab `labId` to open in place, or null when the click
 * is the browser's to handle.
 * @param {MouseEvent} event
 * @param {{href: string, origin: string, pathname: string}} location the page's address
 * @param {string} labId the lab root's id
 * @returns {string | null}
 */
export function inPlaceQuery(event, location, labId) {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = /** @type {any} */ (event.target);
  const link = target && typeof target.closest === 'function' ? target.closest('a[href]') : null;
  if (!link || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.getAttribute('href'), location.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname || url.hash !== '#' + labId) {
    return null;
  }
  return url.search;
}

/**
 * Scrolls a lab into view, moves the focus to its title, and fires "cl:lab-reveal"
 * (detail: {top}, the lab's offset in the document), by which embed.js scrolls a host page.
 * @param {HTMLElement} root @param {HTMLElement} title @param {Window} win
 */
export function reveal(root, title, win) {
  root.scrollIntoView({ block: 'start' });
  title.focus({ preventScroll: true });
  const top = Math.round(root.getBoundingClientRect().top + win.scrollY);
  root.dispatchEvent(new CustomEvent('cl:lab-reveal', { bubbles: true, detail: { top } }));
}
