// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{rdp: Accountant, rdp_classic: Accountant}} StateRecord */
/** @typedef {{epsilon: string, lower: string, upper: string, order: number}} Accountant */

export {};
