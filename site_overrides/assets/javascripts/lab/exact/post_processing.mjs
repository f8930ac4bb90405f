/**
 * Post-processing by a randomized map: generator/core/post_processing.py mirrored in BigInt.
 *
 * A map f from the n outputs of a channel to m outputs is a row-stochastic matrix of exact
 * fractions, F[z][y] = P(f(z) = y). Releasing f(Z) under F⁰ when x = 0 and F¹ when x = 1 gives
 * the laws P'_y = Σ_z P_z F⁰[z][y] and Q'_y = Σ_z Q_z F¹[z][y]; a map of the output alone has
 * F⁰ = F¹. With L the least common multiple of every entry's denominator, the weights
 * Σ_z a_z F⁰[z][y]·L and Σ_z b_z F¹[z][y]·L are integers over D·L, reduced by their gcd.
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/post_processing
 */

import { orderByRatio } from './profile.mjs';
import { gcd } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./profile.mjs').FiniteChannel} FiniteChannel */

/**
 * The release of F⁰ applied to the output under x = 0 and F¹ under x = 1 (Python's
 * `post_process_by_input`); outputs are labelled "0", "1", ….
 * @param {FiniteChannel} channel @param {Fraction[][]} map0 @param {Fraction[][]} map1
 * @returns {FiniteChannel}
 */
export function postProcessByInput(channel, map0, map1) {
  const outputs = channel.labels.length;
  if (map0.length !== outputs || map1.length !== outputs) throw new RangeError('a map needs one row per output');
  const width = map0[0].length;
  if (map1[0].length !== width) throw new RangeError('both maps must have the same outputs');
  let scale = 1n;
  for (const rows of [map0, map1]) {
    for (const row of rows) for (const entry of row) scale = (scale / gcd(scale, entry.den)) * entry.den;
  }
  const apply = (/** @type {bigint[]} */ weights, /** @type {Fraction[][]} */ rows) =>
    Array.from({ length: width }, (_, y) => weights.reduce((sum, w, z) => sum + w * ((rows[z][y].num * scale) / rows[z][y].den), 0n));
  const raw0 = apply(channel.weights0, map0);
  const raw1 = apply(channel.weights1, map1);
  let common = channel.denominator * scale;
  for (const w of [...raw0, ...raw1]) common = gcd(common, w);
  const weights0 = raw0.map((w) => w / common);
  const weights1 = raw1.map((w) => w / common);
  return {
    labels: weights0.map((_, y) => String(y)),
    weights0,
    weights1,
    denominator: (channel.denominator * scale) / common,
    ratioOrder: orderByRatio(weights0, weights1),
  };
}

/**
 * Whether F is deterministic and one-to-one on the outputs either law can produce (Python's
 * `is_invertible_on`).
 * @param {FiniteChannel} channel @param {Fraction[][]} rows
 */
export function isInvertibleOn(channel, rows) {
  const images = [];
  for (const z of channel.ratioOrder) {
    const row = rows[z];
    const ones = row.filter((entry) => entry.num === entry.den).length;
    const zeros = row.filter((entry) => entry.num === 0n).length;
    if (ones !== 1 || zeros !== row.length - 1) return false;
    images.push(row.findIndex((entry) => entry.num === entry.den));
  }
  return new Set(images).size === images.length;
}
