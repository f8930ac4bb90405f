/**
 * A lab's state in the address: reading a query string, writing the canonical one, and
 * whether a change adds a history entry (push) or replaces the current one.
 *
 * - Reading: a missing parameter takes its default; a bad or repeated one takes its default
 *   and is named in `bad`, so the lab can say which; `present` tells whether the query
 *   held any of the lab's parameters at all.
 * - Rules across parameters (a lab's `checkState`, for example two rows of weights of the
 *   same length): once each parameter is read on its own, the values are checked as a
 *   whole. Each parameter the check refuses takes its default (and is named in `bad` when
 *   the query held it). If the state still fails, every parameter takes its default (the
 *   default state passes), and each one the query held is named: a state is never opened
 *   half of one query and half of the defaults in a way that breaks the rule again.
 * - Several labs on one page share the address: there the address holds the state of the
 *   lab its fragment names ("#<lab id>"), and a lab writes its own id as the fragment
 *   (`writeAddress`'s `hash`); on a page with one lab the fragment is left as it is.
 * - Writing: `name=<canonical text>` in the lab's parameter order, percent-encoded except
 *   for "/", ",", ";" and ":" (so `delta=1/3`, `weights0=9,6,1`, `map=1,0;0,1` and
 *   `steps=3:0,2:0.01` stay readable).
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
 * @param {(values: Record<string, any>) => Record<string, string>} [check] the lab's rules
 *   across parameters: the values that read (a parameter that does not is absent) ->
 *   parameter -> reason, empty when the state passes
 * @returns {{texts: Record<string, string>, bad: string[], present: boolean}}
 */
export function readQuery(query, names, read, canonical, defaults, check) {
  const params = new URLSearchParams(query || '');
  /** @type {Record<string, string>} */
  const texts = {};
  /** @type {Record<string, any>} */
  const values = {};
  const given = new Set();
  const bad = new Set();
  const fallback = defaults || {};
  /** A parameter takes its default text (kept as it is when there is none yet). */
  const useDefault = (name, text) => {
    texts[name] = fallback[name] !== undefined ? fallback[name] : text;
    const parsed = texts[name] === undefined ? null : read(name, texts[name]);
    if (parsed && parsed.ok) values[name] = parsed.value;
    else delete values[name];
  };
  for (const name of names) {
    const all = params.getAll(name);
    if (all.length > 0) given.add(name);
    const parsed = all.length === 1 ? read(name, all[0]) : null;
    if (parsed && parsed.ok) {
      texts[name] = canonical(name, parsed.value);
      values[name] = parsed.value;
    } else {
      if (all.length > 0) bad.add(name);
      useDefault(name, all[0]);
    }
  }
  if (check) {
    const refused = Object.keys(check(values));
    if (refused.length) {
      for (const name of refused) {
        if (given.has(name)) bad.add(name);
        useDefault(name, texts[name]);
      }
      if (Object.keys(check(values)).length) {
        for (const name of names) {
          if (given.has(name)) bad.add(name);
          useDefault(name, texts[name]);
        }
      }
    }
  }
  return { texts, bad: names.filter((name) => bad.has(name)), present: given.size > 0 };
}

/**
 * "mode=fresh&k=2&p=75&alpha=3.0&delta=1/3&alpha0=3.0", "weights0=9,6,1&…&event=0,1": the
 * canonical query of `values`.
 * @param {string[]} names @param {Record<string, any>} values
 * @param {(name: string, value: any) => string} canonical
 */
export function queryString(names, values, canonical) {
  return names
    .map((name) => name + '=' + encodeURIComponent(canonical(name, values[name])).replace(/%2F/g, '/').replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%3A/g, ':'))
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
 * @param {string} [hash] the fragment to write ("#events-lab"); the current one by default
 * @returns {{method: 'pushState' | 'replaceState', url: string} | null}
 */
export function addressChange(location, query, history, hash = location.hash) {
  if ('?' + query === location.search && hash === location.hash && history === 'push') return null;
  const url = location.pathname + '?' + query + hash;
  return { method: history === 'push' ? 'pushState' : 'replaceState', url };
}

/**
 * Does the address hold this lab's state? Always on a page with one lab; on a page with
 * several, when its fragment names the lab ("#<lab id>").
 * @param {{hash: string}} location @param {string | null} labId null: the only lab of its page
 */
export function addressIsFor(location, labId) {
  return labId === null || location.hash === '#' + labId;
}

/**
 * Writes `query` into the address. A sandboxed frame may refuse history changes; the lab
 * works on without them, and says so in the console.
 * @param {Window} win @param {string} query @param {'push' | 'replace'} history
 * @param {string} label the lab's name in console messages ("composition lab")
 * @param {string} [hash] the fragment to write (a lab that shares its page writes its id)
 */
export function writeAddress(win, query, history, label, hash) {
  const change = addressChange(win.location, query, history, hash === undefined ? win.location.hash : hash);
  if (!change) return;
  try {
    win.history[change.method](null, '', change.url);
  } catch (error) {
    console.warn(label + ': the address could not follow the lab', error);
  }
}
