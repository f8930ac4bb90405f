// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{mechanism: string, exact: Ball, pure: string, pure_decimal: string, classic: Ball, classic_reason: string, rdp: Bound, zcdp: Bound, rho: string, curve: Curve}} StateRecord */
/** @typedef {{value: string, lower: string, upper: string}} Ball */
/** @typedef {{value: string, lower: string, upper: string, order: string}} Bound */
/** @typedef {{epsilon: string[], exact: string[], rdp: string[], zcdp: string[], exact_point: string[], rdp_point: string[], zcdp_point: string[]}} Curve */

export {};
