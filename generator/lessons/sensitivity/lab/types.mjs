// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{mechanism: string, query: string, neighbour: string, bound: string | null, k: number | null, lo: string, hi: string, alpha0: string, alpha: string, tolerance: string, database0: string[], database1: string[], answer0: string, answer1: string, distance: string | null, sensitivity: Sensitivity, channel: Law, delta: string, event: Maximal, pure_epsilon: Pure, pair_epsilon: Pure, guarantee: Pure, accuracy: string}} StateRecord */
/** @typedef {{kind: string, value: string | null}} Sensitivity */
/** @typedef {{labels: string[], denominator: string, weights0: string[], weights1: string[], distribution0: string[], distribution1: string[]}} Law */
/** @typedef {{direction: string, outputs: string[], text: string}} Maximal */
/** @typedef {{kind: string, exact: string, decimal: string, max_ratio: string | null}} Pure */

export {};
