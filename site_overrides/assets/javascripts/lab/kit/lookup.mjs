/**
 * A lookup lab's record (generator/course/lookup_grid.py): the core certified every point of
 * the lab's grid at build time, the page carries the table ([data-lab-table], which
 * `engineLab` hands to `evaluate`), and a point's key is its fields' texts joined by "|", in
 * the order the lab's Python `State.key` uses.
 *
 * @module kit/lookup
 */

/**
 * The table's record for the point `values` names by `names`; a point the table lacks throws
 * (the kit shows the failure and keeps the last good state).
 * @template T
 * @param {Record<string, T> | null} table @param {readonly string[]} names
 * @param {Record<string, string>} values
 * @returns {T}
 */
export function lookup(table, names, values) {
  const key = names.map((name) => values[name]).join('|');
  if (!table || !Object.prototype.hasOwnProperty.call(table, key)) {
    throw new Error('the lab has no certified values for ' + key);
  }
  return table[key];
}
