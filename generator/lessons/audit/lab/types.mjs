// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{rates: Rates, audit: AuditPart, plan: PlanPart}} StateRecord */
/** @typedef {{alpha: string, fpr: string, tpr: string, advantage: string, advantage_bound: string, yeom_bound: string, own: string, curve: string[][], region: string[][], region_lower: string[][]}} Rates */
/** @typedef {{tpr_lower: Bound, fpr_upper: Bound, epsilon: Bound}} AuditPart */
/** @typedef {{trials: string, reason: string}} PlanPart */
/** @typedef {{value: string, lower: string, upper: string}} Bound */

export {};
