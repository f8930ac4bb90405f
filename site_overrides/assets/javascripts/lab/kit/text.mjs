/**
 * Texts of a lab: HTML escaping as Python's `html.escape`, and the lab's own sentences,
 * which the page hands over as `data-text-<name>` attributes of the lab's root
 * (generator/course/lab_shell.py's `own_texts`, a lesson's TEXTS), with `{key}` slots
 * filled here: with text (`labText`), or with markup (`labHtml`).
 *
 * @module kit/text
 */

/** @param {unknown} text @returns {string} the text, safe inside HTML and attribute values */
export function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/**
 * "{names} …" with each `{key}` that `values` has replaced by its value; other slots stay.
 * @param {string} template @param {Record<string, unknown>} [values] @returns {string}
 */
export function fillTemplate(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) =>
    values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole,
  );
}

/**
 * The lab's sentence `name` (its root's data-text-<name>), filled with `values`; "" if absent.
 * @param {{getAttribute(name: string): string | null}} root
 * @param {string} name @param {Record<string, unknown>} [values] @returns {string}
 */
export function labText(root, name, values) {
  return fillTemplate(root.getAttribute('data-text-' + name) || '', values);
}

/**
 * The lab's sentence `name` as markup, its `{key}` slots filled with markup: the sentence
 * is escaped, the values are not (the caller escapes any plain text among them), as the
 * server's `fill_html` (generator/course/templates.py) does.
 * @param {{getAttribute(name: string): string | null}} root
 * @param {string} name @param {Record<string, string>} [values] HTML @returns {string}
 */
export function labHtml(root, name, values) {
  return fillTemplate(escapeHtml(root.getAttribute('data-text-' + name) || ''), values);
}
