// The record types of this lesson's labs, written by `python -m generator typedefs` from
// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.
/** @typedef {{alpha0: string, n: number, rate: string, tolerance: string, ones: number, alpha: string, truth: string, report_rate: string, sampling_variance: string, estimate_privacy: string, estimate_variance: string, window_lo: number, window_hi: number, within: string, central_privacy: string, central_variance: string, within_central: string, shuffled_delta: string, local_delta: string, eps_local: string}} StateRecord */

export {};
