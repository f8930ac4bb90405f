// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{reads_x: boolean, channel: Law, image: Law, map0: string[][], map1: string[][], alpha: string, delta_image: string, delta_channel: string, difference: string, passes: boolean, max_event: Maximal, pure_channel: Pure, pure_image: Pure, invertible: boolean, grid: GridRow[], violation: Violation | null}} PostRecord */
/** @typedef {{labels: string[], denominator: string, weights0: string[], weights1: string[], distribution0: string[], distribution1: string[]}} Law */
/** @typedef {{direction: string, outputs: string[], text: string}} Maximal */
/** @typedef {{kind: string, exact: string, decimal: string, max_ratio: string | null}} Pure */
/** @typedef {{alpha: string, channel: string, image: string, difference: string, holds: boolean}} GridRow */
/** @typedef {{alpha: string, channel: string, image: string, event: Maximal}} Violation */
/** @typedef {{p: string, g: number, ratio: string, alpha1: string, alpha: string, delta_single: string, delta_required: string, chain_textbook: string, chain_sum: string, max_event: Maximal, pure: Pure, pure_single: Pure, curve: CurvePoint[]}} GroupRecord */
/** @typedef {{alpha1: string, alpha: string, single: string, exact: string, textbook: string, sum: string}} CurvePoint */

export {};
