/**
 * Texts of a lab: HTML escaping as Python's `html.escape`, and the lab's own sentences,
 * which the page hands over as `data-text-<name>` attributes of the lab's root
 * (generator/lessons/composition/lab_page.py), with `{key}` slots filled here.
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
