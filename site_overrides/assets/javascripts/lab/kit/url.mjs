/**
 * A lab's state in the address: reading a query string, writing the canonical one, and
 * whether a change adds a history entry (push) or replaces the current one.
 *
 * - Reading: a missing parameter takes its default; a bad or repeated one takes its default
 *   and is named in `bad`, so the lab can say which; `present` tells whether the query
 *   held any of the lab's parameters at all.
 * - Writing: `name=<canonical text>` in the lab's parameter order, percent-encoded except
 *   for "/" (so `delta=1/3` stays readable).
 * - History: typing replaces the entry and a committed change pushes one, except in a page
 *   that lives inside an LMS or a frame (`<meta name="composition-lab-view">` with a
 *   content), where every change replaces, so the host's back button is not filled with
 *   lab states. Pushing the address already shown adds nothing.
 *
 * @module kit/url
 */

/**
 * @param {string | null | undefined} query "?mode=fresh&k=2…" or "mode=…" or empty
 * @param {string[]} names the lab's parameters
 * @param {(name: string, text: string) => {ok: boolean, value?: any}} read
 * @param {(name: string, value: any) => string} canonical
 * @param {Record<string, string>} [defaults]
 * @returns {{texts: Record<string, string>, bad: string[], present: boolean}}
 */
export function readQuery(query, names, read, canonical, defaults) {
  const params = new URLSearchParams(query || '');
  /** @type {Record<string, string>} */
  const texts = {};
  const bad = [];
  let present = false;
  const fallback = defaults || {};
  for (const name of names) {
    const all = params.getAll(name);
    present = present || all.length > 0;
    const parsed = all.length === 1 ? read(name, all[0]) : null;
    if (parsed && parsed.ok) {
      texts[name] = canonical(name, parsed.value);
    } else {
      if (all.length > 0) bad.push(name);
      texts[name] = fallback[name] !== undefined ? fallback[name] : all[0];
    }
  }
  return { texts, bad, present };
}

/**
 * "mode=fresh&k=2&p=75&alpha=3.0&delta=1/3&alpha0=3.0": the canonical query of `values`.
 * @param {string[]} names @param {Record<string, any>} values
 * @param {(name: string, value: any) => string} canonical
 */
export function queryString(names, values, canonical) {
  return names
    .map((name) => name + '=' + encodeURIComponent(canonical(name, values[name])).replace(/%2F/g, '/'))
    .join('&');
}

/**
 * Does this page live inside an LMS or a frame? Then every change replaces the entry.
 * @param {{querySelector(selector: string): {getAttribute(name: string): string | null} | null}} doc
 */
export function replacesHistory(doc) {
  const meta = doc.querySelector('meta[name="composition-lab-view"]');
  return Boolean(meta && meta.getAttribute('content'));
}

/**
 * How a change enters the history: as wanted ("push" or "replace"), or always "replace"
 * in a page that must keep its host's history clean.
 * @param {'push' | 'replace'} wanted @param {boolean} replaceOnly
 */
export function historyEntry(wanted, replaceOnly) {
  return replaceOnly ? 'replace' : wanted;
}

/**
 * The history call that puts `query` in the address, or null when nothing is to change
 * (pushing the address already shown).
 * @param {{pathname: string, search: string, hash: string}} location
 * @param {string} query @param {'push' | 'replace'} history
 * @returns {{method: 'pushState' | 'replaceState', url: string} | null}
 */
export function addressChange(location, query, history) {
  if ('?' + query === location.search && history === 'push') return null;
  const url = location.pathname + '?' + query + location.hash;
  return { method: history === 'push' ? 'pushState' : 'replaceState', url };
}

/**
 * Writes `query` into the address. A sandboxed frame may refuse history changes; the lab
 * works on without them, and says so in the console.
 * @param {Window} win @param {string} query @param {'push' | 'replace'} history
 * @param {string} label the lab's name in console messages ("composition lab")
 */
export function writeAddress(win, query, history, label) {
  const change = addressChange(win.location, query, history);
  if (!change) return;
  try {
    win.history[change.method](null, '', change.url);
  } catch (error) {
    console.warn(label + ': the address could not follow the lab', error);
  }
}
