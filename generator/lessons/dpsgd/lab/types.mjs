// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{rdp: Accountant, rdp_classic: Accountant}} StateRecord */
/** @typedef {{epsilon: string, lower: string, upper: string, order: number}} Accountant */
/** @typedef {{channel: Law, alpha: string, ratio: string, required: string, required_unsampled: string, sampled: Pure, unsampled: Pure}} AmplifyRecord */
/** @typedef {{labels: string[], denominator: string, weights0: string[], weights1: string[], distribution0: string[], distribution1: string[]}} Law */
/** @typedef {{kind: string, exact: string, decimal: string, max_ratio: string | null}} Pure */

export {};
