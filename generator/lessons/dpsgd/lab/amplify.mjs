/**
 * The amplification lab in the browser: the twin of generator/lessons/dpsgd/ (records.py's
 * `amplify_record`, view.py's `amplify_view` and `amplify_announcement`), over the generic
 * exact machinery:
 *
 *   exact/subsampled_response.mjs  randomized response at α₀ on a record sampled at rate q,
 *                                  and the amplified α = 1 + q(α₀ − 1);
 *   exact/profile.mjs              δ*(α), the law and the pure ε records.
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields and writes `view`'s slots into the
 * page; every value is an exact fraction, held to the Python by the golden vectors
 * (tests/js/engines.test.mjs).
 *
 * @module dpsgd/amplify
 */

import { channelPureEpsilon, deltaStar, lawRecord, makeProfile, pureRecord } from '#lab/exact/profile.mjs';
import { fraction, fractionStr } from '#lab/exact/rational.mjs';
import { amplifiedRatio, subsampledResponse } from '#lab/exact/subsampled_response.mjs';
import { readingText } from '#lab/kit/markup.mjs';
import { exact, pureEpsilon } from '#lab/kit/shown.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('./types.mjs').AmplifyRecord} AmplifyRecord */

/**
 * The record of one state (records.amplify_record).
 * @param {{alpha0: Fraction, rate: Fraction, alpha: Fraction}} values
 * @returns {AmplifyRecord}
 */
export function evaluate(values) {
  const { alpha0, rate, alpha } = values;
  const sampled = subsampledResponse(alpha0, rate);
  const unsampled = subsampledResponse(alpha0, fraction(1n));
  return {
    channel: lawRecord(sampled),
    alpha: fractionStr(alpha),
    ratio: fractionStr(amplifiedRatio(alpha0, rate)),
    required: fractionStr(deltaStar(makeProfile(sampled), alpha)),
    required_unsampled: fractionStr(deltaStar(makeProfile(unsampled), alpha)),
    sampled: pureRecord(channelPureEpsilon(sampled)),
    unsampled: pureRecord(channelPureEpsilon(unsampled)),
  };
}

/**
 * Every slot of one state (view.amplify_view).
 * @param {AmplifyRecord} record evaluate's @param {Record<string, string>} texts the lab's sentences
 */
export function view(record, texts) {
  return {
    'out:delta-required': exact(record.required),
    'out:delta-unsampled': exact(record.required_unsampled),
    'out:ratio': exact(record.ratio),
    'out:eps-pure': pureEpsilon(record.sampled, texts),
    'out:eps-unsampled': pureEpsilon(record.unsampled, texts),
  };
}

/** What the live region says after an update (view.amplify_announcement). @param {AmplifyRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  return fillTemplate(texts.announcement, {
    required: readingText(record.required),
    unsampled: readingText(record.required_unsampled),
  });
}
