// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{delta: string, optimal: Optimal, basic: Basic, advanced: Advanced, delta_at_basic: string, mode: string, k: number, support_size: number, infinite: string, curve: CurvePoint[], points: AnswerPoint[], bars: Bar[], omitted_bars: number}} StateRecord */
/** @typedef {{alpha: string | null, epsilon: string}} Optimal */
/** @typedef {{alpha: string, epsilon: string, delta: string, applies: boolean}} Basic */
/** @typedef {{delta_prime: string, epsilon: string | null, applies: boolean}} Advanced */
/** @typedef {{epsilon: number, delta: number}} CurvePoint */
/** @typedef {{answer: string, epsilon: number, delta: number}} AnswerPoint */
/** @typedef {{loss: number, probability: number}} Bar */

export {};
