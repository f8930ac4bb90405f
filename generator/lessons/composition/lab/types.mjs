// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{channel: Release, claim: Claim, pure_epsilon: Pure, composition: Panel, grid: Grid, epsilon: Epsilons}} StateRecord */
/** @typedef {{labels: string[], denominator: string, weights0: string[], weights1: string[], distribution0: string[], distribution1: string[], mode: string, p: number, k: number, truth_probability: string}} Release */
/** @typedef {{alpha: string, delta: string, required: string, required_decimal: string, passes: boolean, event: Maximal}} Claim */
/** @typedef {{kind: string, exact: string, decimal: string, max_ratio: string | null}} Pure */
/** @typedef {{alpha0: string, delta0: string | null, queries: number | null, composed_alpha: string | null, theorem_delta: string | null, exact_delta: string | null}} Panel */
/** @typedef {{alphas: string[], deltas: string[]}} Grid */
/** @typedef {{claim: Log, step: Log, theorem: Log | null}} Epsilons */
/** @typedef {{direction: string, outputs: string[], text: string}} Maximal */
/** @typedef {{exact: string, decimal: string}} Log */

export {};
