/**
 * Global sensitivity of the course's queries on a list of integer values, for both
 * neighbour relations, and clipping: generator/core/sensitivity.py mirrored (its
 * docstring derives every case). The values are small integers, so plain Numbers suffice.
 *
 *   count        Δ = 1 adding or removing a record, 0 replacing one;
 *   clipped sum  each value clipped to [−B, B]: Δ = B and 2B;
 *   sum          unclipped: Δ = ∞ (null here).
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/sensitivity
 */

/** @param {number} bound */
function checkBound(bound) {
  if (!Number.isInteger(bound) || bound < 1) throw new RangeError(`a clipping bound must be a positive integer, got ${bound}`);
}

/** The value moved into [−bound, bound] (clip). @param {number} value @param {number} bound */
export function clip(value, bound) {
  checkBound(bound);
  return Math.max(-bound, Math.min(bound, value));
}

/**
 * f(D): the count, or the sum of the values clipped to [−B, B] (unclipped when `bound` is
 * null) (answer).
 * @param {'count' | 'sum'} query @param {readonly number[]} values @param {number | null} bound
 */
export function answer(query, values, bound) {
  if (query === 'count') return values.length;
  return values.reduce((sum, value) => sum + (bound === null ? value : clip(value, bound)), 0);
}

/**
 * Δf for the relation, or null when it is unbounded (a sum without clipping) (sensitivity).
 * @param {'count' | 'sum'} query @param {'add-remove' | 'replace'} neighbour @param {number | null} bound
 * @returns {number | null}
 */
export function sensitivity(query, neighbour, bound) {
  if (query === 'count') return neighbour === 'add-remove' ? 1 : 0;
  if (bound === null) return null;
  checkBound(bound);
  return neighbour === 'add-remove' ? bound : 2 * bound;
}
