/**
 * All-or-nothing updates. A lab first *presents* a new state (computes every string it will
 * write, which may throw) and only then *shows* it (assigns those strings to elements found
 * beforehand, which does not throw). So a state is on screen whole or not at all.
 *
 * When presenting fails, the last state stays whole and says that it is old: the lab root
 * gets data-lab-stale="error" and a count in data-lab-failures, every output area
 * (`[data-lab-area]`) and chart (`[data-lab-chart]`) gets data-stale, the notice
 * `[data-lab-error]` shows the lab's "failed" text, the error goes to console.error, and
 * "cl:lab-failed" (detail: {message}) fires on the root. Showing a state clears all of it.
 *
 * @module kit/update
 */

/**
 * Runs present(); on success show(view) and returns the view, else fail(error) and null.
 * Nothing of a state whose present() threw reaches show().
 * @template V
 * @param {() => V} present @param {(view: V) => void} show @param {(error: unknown) => void} fail
 * @returns {V | null}
 */
export function presentThenShow(present, show, fail) {
  let view;
  try {
    view = present();
  } catch (error) {
    fail(error);
    return null;
  }
  show(view);
  return view;
}

/** The output areas and charts of a lab, which a failed update marks stale. */
export const STALE_ON_FAILURE = '[data-lab-area], [data-lab-chart]';

/** The message of anything thrown, for an event's detail. */
export function errorMessage(error) {
  return String((error && /** @type {Error} */ (error).message) || error);
}

/**
 * Marks a lab's shown state as old after a failed update (see the module's notes); the
 * caller then shows the notice and announces it, and fires "cl:lab-failed" (`failedEvent`).
 * @param {Element} root @param {number} failures how many updates failed so far, this one included
 */
export function markFailed(root, failures) {
  root.setAttribute('data-lab-failures', String(failures));
  root.setAttribute('data-lab-stale', 'error');
  for (const area of root.querySelectorAll(STALE_ON_FAILURE)) area.setAttribute('data-stale', '');
}

/** "cl:lab-failed" with the error's message, fired on the lab's root once it says so. */
export function failedEvent(error) {
  return new CustomEvent('cl:lab-failed', { detail: { message: errorMessage(error) } });
}

/** A state was shown whole: the lab and its output areas are current (the charts follow). */
export function markCurrent(root) {
  root.removeAttribute('data-lab-stale');
  for (const area of root.querySelectorAll('[data-lab-area]')) area.removeAttribute('data-stale');
}

/**
 * Shows `text` in a lab's notice `[data-lab-error]`, or hides it for "".
 * @param {{textContent: string | null, hidden: boolean}} notice @param {string} text
 */
export function showFailure(notice, text) {
  notice.textContent = text;
  notice.hidden = !text;
}
