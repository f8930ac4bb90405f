/**
 * A lab's state from the texts of its fields: the browser's twin of generator/course/lab.py's
 * `Lab.read_values`. Every field is read by its limit (exact/fields.mjs), then the lab's rules
 * across fields see the values that read; a field refused on its own keeps its own reason,
 * and a field the state ignores is never refused: it keeps a value of its own (the last
 * valid one, as the lab shows it).
 *
 * @module kit/state
 */

import { readField } from '../exact/fields.mjs';

/**
 * @param {string[]} params the fields, in the address's order
 * @param {Record<string, any>} limits each field's limit, as the page hands it over
 * @param {Record<string, string | undefined>} texts
 * @param {{rules?: (values: Record<string, any>) => Record<string, string>,
 *          ignored?: (texts: Record<string, string | undefined>) => string[]}} lab
 * @param {Record<string, any>} [kept] the value an ignored field keeps
 * @param {(name: string, text: string | undefined) => {ok: boolean, value?: any, reason?: string}} [read]
 * @returns {{values: Record<string, any>, reasons: Record<string, string>, ignored: string[]}}
 */
export function readState(params, limits, texts, lab, kept = {}, read = (name, text) => readField(text, limits[name])) {
  const ignored = lab.ignored ? lab.ignored(texts) : [];
  /** @type {Record<string, string>} */
  const reasons = {};
  /** @type {Record<string, any>} */
  const values = {};
  for (const name of params) {
    const parsed = read(name, texts[name]);
    if (parsed.ok) values[name] = parsed.value;
    else if (ignored.indexOf(name) >= 0) values[name] = kept[name];
    else reasons[name] = /** @type {string} */ (parsed.reason);
  }
  const across = lab.rules ? lab.rules(values) : {};
  for (const name of Object.keys(across)) {
    if (!(name in reasons) && ignored.indexOf(name) < 0) reasons[name] = across[name];
  }
  return { values, reasons, ignored };
}
