/**
 * The two rate estimates' laws as chart points, in BigInt: the browser's twin of
 * generator/core/estimate_laws.py, which derives every step and proves each point within
 * 10⁻⁶ of the exact density. One exact division starts each binomial at its mode; the rest
 * are fixed-point walks at BITS bits, every step a floor, the same integer steps as the
 * Python's, so the golden vectors hold the two to the same points. No float decides
 * anything: a coordinate is the nearest double to an exact fraction.
 *
 * @module localdp/laws
 */

import { term } from '#lab/exact/binomial_tails.mjs';
import { decimalStr, fraction, fractionStr, toNumber } from '#lab/exact/rational.mjs';
import { readingText } from '#lab/kit/markup.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {{model: string, estimate: number, density: number, estimate_text: string, density_text: string}} LawRow */

const BITS = 128n;
const DIGITS = 6; // estimate_laws.PLACES
const PLACES = 10n ** BigInt(DIGITS);
const CUTOFF = 1000n;
const MAX_POINTS = 200;

/**
 * x_c <= P(c)·2^BITS for c = 0..n, P the law of Bin(n, u/(u + v)), walked from the mode
 * (estimate_laws.binomial_fixed).
 * @param {number} n @param {bigint} u @param {bigint} v @returns {bigint[]}
 */
export function binomialFixed(n, u, v) {
  const big = BigInt(n);
  const computed = ((big + 1n) * u) / (u + v);
  const mode = Number(computed < big ? computed : big);
  const values = new Array(n + 1).fill(0n);
  values[mode] = (term(n, mode, u, v) << BITS) / (u + v) ** big;
  for (let c = mode; c < n; c++) values[c + 1] = (values[c] * BigInt(n - c) * u) / (BigInt(c + 1) * v);
  for (let c = mode; c > 0; c--) values[c - 1] = (values[c] * BigInt(c) * v) / (BigInt(n - c + 1) * u);
  return values;
}

/** @param {bigint} big @param {bigint} small @returns {number} E of estimate_laws.tail_reach */
export function tailReach(big, small) {
  let reach = 1;
  while (big ** BigInt(reach) <= CUTOFF * small ** BigInt(reach)) reach += 1;
  return reach;
}

/**
 * (−E, the fixed (L(s) + R(s)) for s = −E..n + E) over the fixed masses, r = small/big
 * (estimate_laws.blurred_fixed).
 * @param {bigint[]} masses @param {bigint} big @param {bigint} small @returns {[number, bigint[]]}
 */
export function blurredFixed(masses, big, small) {
  const n = masses.length - 1;
  const reach = tailReach(big, small);
  const first = -reach;
  const size = n + 2 * reach + 1;
  const mass = (/** @type {number} */ s) => (s >= 0 && s <= n ? masses[s] : 0n);
  const values = new Array(size).fill(0n);
  let running = 0n;
  for (let i = 0; i < size; i++) {
    running = (running * small) / big + mass(first + i);
    values[i] = running;
  }
  running = 0n;
  for (let i = size - 1; i > 0; i--) {
    running = ((mass(first + i) + running) * small) / big;
    values[i - 1] += running;
  }
  return [first, values];
}

/**
 * value·2^−BITS·scale rounded half up to 10⁻⁶: the chart's coordinate (the nearest double)
 * and the tooltip's decimal, both of the one rounded fraction.
 * @param {bigint} value @param {Fraction} scale @returns {{density: number, density_text: string}}
 */
function rounded(value, scale) {
  const top = scale.num * PLACES;
  const bottom = scale.den << BITS;
  const density = fraction((2n * value * top + bottom) / (2n * bottom), PLACES);
  return { density: toNumber(density), density_text: decimalStr(density, DIGITS) };
}

/** The estimate x as its coordinate and its reading. @param {Fraction} x */
const estimated = (x) => ({ estimate: toNumber(x), estimate_text: readingText(fractionStr(x)) });

/**
 * The indices a law draws (estimate_laws.visible).
 * @param {bigint[]} values @returns {number[]}
 */
export function visible(values) {
  let peak = 0n;
  for (const x of values) if (x > peak) peak = x;
  let first = -1;
  let last = -1;
  values.forEach((x, i) => {
    if (CUTOFF * x >= peak) {
      if (first < 0) first = i;
      last = i;
    }
  });
  const stride = Math.ceil((last - first + 1) / MAX_POINTS);
  const kept = [];
  for (let i = first; i <= last; i += stride) kept.push(i);
  return kept;
}

/**
 * Both laws' rows for the chart (charts.lab_rows): the local estimate's, then the central's.
 * @param {number} n @param {Fraction} rate @param {Fraction} alpha0 α₀ > 1
 * @param {[string, string]} models the two laws' names @returns {LawRow[]}
 */
export function lawRows(n, rate, alpha0, [localName, centralName]) {
  const big = alpha0.num;
  const small = alpha0.den;
  const users = BigInt(n);
  const scale = fraction(users * (big - small), big + small);
  // ρ = (a·N + (b − a)·D)/(b·(N + D)), reduced: the binomial's u and v are its terms
  const report = fraction(rate.num * big + (rate.den - rate.num) * small, rate.den * (big + small));
  const local = binomialFixed(n, report.num, report.den - report.num);
  const rows = visible(local).map((c) => ({
    model: localName,
    ...estimated(fraction(BigInt(c) * (big + small) - users * small, users * (big - small))),
    ...rounded(local[c], scale),
  }));
  const [first, central] = blurredFixed(binomialFixed(n, rate.num, rate.den - rate.num), big, small);
  for (const i of visible(central)) {
    rows.push({ model: centralName, ...estimated(fraction(BigInt(first + i), users)), ...rounded(central[i], scale) });
  }
  return rows;
}
