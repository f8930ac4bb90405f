// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{channel: Law, outputs: Output[], event: EventRecord, claim: Claim, pure_epsilon: Pure, tv: string, tradeoff: Tradeoff}} StateRecord */
/** @typedef {{labels: string[], denominator: string, weights0: string[], weights1: string[], distribution0: string[], distribution1: string[]}} Law */
/** @typedef {{label: string, p: string, q: string, excess_01: string, excess_10: string, in_max_event: boolean}} Output */
/** @typedef {{outputs: number[], labels: string[], text: string, mass0: string, mass1: string, excess_01: string, excess_10: string, required: string, required_decimal: string, advantage: string, passes: boolean}} EventRecord */
/** @typedef {{alpha: string, delta: string, required: string, required_decimal: string, passes: boolean, event: Maximal}} Claim */
/** @typedef {{kind: string, exact: string, decimal: string, max_ratio: string | null}} Pure */
/** @typedef {{upper: [string, string][], lower: [string, string][], events: Test[]}} Tradeoff */
/** @typedef {{direction: string, outputs: string[], text: string}} Maximal */
/** @typedef {{text: string, fpr: string, tpr: string}} Test */

export {};
