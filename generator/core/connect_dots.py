"""The connect-the-dots PLD of a dominating pair: a lattice PLD the mechanism is a post-processing of.

Doroshenko, Ghazi, Kamath, Kumar and Manurangsi (2022, "Connect the dots: tighter discrete
approximations of privacy loss distributions", PoPETs 2022) discretize a PLD onto the grid
{i·h} so that the discrete pair dominates the mechanism at every ε while keeping the error of
second order in h; dp_accounting's pessimistic PLDs are built this way (in floats). The lemma
below is their construction, proved here in the form used. For a pair whose loss L(t) increases
in t (:mod:`generator.core.subsampled_gaussian`) the construction is:

**Bins at exact loss levels.** The edge t_i = L⁻¹(i·h) is where the loss equals the grid value
g_i = i·h, so on the bin B_i = [t_i, t_{i+1}] the loss lies in [g_i, g_{i+1}].

**Lemma (splitting a bin).** Let the loss lie in [g, g'] on a set B of outputs (g' may be +∞),
with a = P(B), b = Q(B). Put on loss g the P-mass p = (b·e^{g'} − a)/(e^{g' − g} − 1) (Q-mass
p·e^{−g}) and on loss g' the P-mass p' = a − p (Q-mass p'·e^{−g'}; for g' = +∞: p = e^g·b,
Q-mass 0 at +∞). Then (P, Q) restricted to B is a post-processing of this two-point pair.
*Proof.* An output y ∈ B has ratio r(y) = P(y)/Q(y) ∈ [e^g, e^{g'}], so
λ(y) = (e^{g'} − r(y))/(e^{g'} − e^g) ∈ [0, 1] splits it as P(y) = e^g·λQ(y) + e^{g'}·(1 − λ)Q(y).
Map the atom at g to y with density λ(y)Q(y)/∫_B λQ and the atom at g' to y with density
(1 − λ(y))Q(y)/∫_B (1 − λ)Q. The Q-masses of the two atoms are ∫_B λQ = (e^{g'}b − a)/(e^{g'} − e^g)
and b minus it, so this kernel sends their Q to Q|_B and, since each atom's P is e^g (e^{g'})
times its Q, their P to e^g λQ + e^{g'}(1 − λ)Q = P|_B. For g' = +∞ take λ = 1 and send the
atom at +∞ to y with density (P(y) − e^g Q(y))/p'. ∎

Doing this in every bin and merging the atoms of one loss (merging atoms of equal ratio loses
nothing: each is a post-processing of the other) gives a lattice pair of which the mechanism's
pair is a post-processing; a kernel applied coordinate by coordinate shows the same for the
T-fold products, so the lattice pair's δ(ε) is at least the mechanism's at every ε and every T.

**Ends.** Where the loss has a floor (remove, q < 1: ln(1 − q)) or a ceiling (add, q < 1:
−ln(1 − q)) the outermost bin runs to ±∞ and is split between the grid values on either side of
the bound. Where the loss is unbounded, the line is cut at a point beyond which P holds at most
``tail``: above it the bin [t_last, ∞) is split between g_last and +∞ (the lemma with g' = ∞);
below it the bin (−∞, t_first] has its whole P-mass put on g_first, a move to a larger loss
(:mod:`generator.core.lattice_pld`, lemma (b)).

**Rigour.** Each edge t_i is an arb ball holding L⁻¹(g_i) exactly, so the masses computed from
it are balls holding the exact bin masses, and p, p' are balls holding the exact split; their
upper ends are rounded up to units of 2^-bits (lemma (a)). b·e^{g'} − a is of order h·a, a
cancellation the working precision (:func:`working_bits`) absorbs.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from flint import arb

from generator.core.certified import exact, precision
from generator.core.lattice_pld import LatticePLD, Side, index_above, index_below, units_up
from generator.core.subsampled_gaussian import DominatingPair


def working_bits(bits: int) -> int:
    """The arb precision of a discretization whose masses are held in units of 2^-bits: 48 bits
    more than the unit, for the cancellations of a short bin's mass (≈ log₂ of its relative size)
    and of the split's b·e^{g'} − a (≈ log₂(1/h)), and at least 128."""
    return max(128, bits + 48)


def connect_the_dots(pair: DominatingPair, step: Fraction, bits: int, tail: Fraction) -> LatticePLD:
    """The upper lattice PLD of one direction's pair on the grid {i·step} (see the module docstring)."""
    if step <= 0:
        raise ValueError(f"the grid step must be positive, got {step}")
    with precision(working_bits(bits)):
        return _connect_the_dots(pair, Fraction(step), bits, Fraction(tail))


def _connect_the_dots(pair: DominatingPair, step: Fraction, bits: int, tail: Fraction) -> LatticePLD:
    floor, ceiling = pair.loss_floor, pair.loss_ceiling
    zero = Fraction(0)
    if floor is not None:
        first = index_above(floor, zero, step)  # g_first > inf L
    else:
        first = index_below(pair.loss(exact(pair.beyond(False, tail))), zero, step)
    if ceiling is not None:
        last = index_below(ceiling, zero, step)  # g_last < sup L (never equal: irrational)
    else:
        last = index_above(pair.loss(exact(pair.beyond(True, tail))), zero, step)
    bottom = index_below(floor, zero, step) if floor is not None else first
    top = index_above(ceiling, zero, step) if ceiling is not None else None
    width = exact(step)
    growth = {i: (i * width).exp() for i in range(bottom, last + 1 if top is None else top + 1)}
    masses = dict.fromkeys(growth, arb(0))
    infinity = arb(0)
    # the edges t_i = L⁻¹(g_i) and the tails there
    cuts = [
        pair.end(False),
        *(pair.cut(pair.edge(i * width)) for i in range(first, last + 1)),
        pair.end(True),
    ]
    levels = [bottom, *range(first, last + 1), top]
    for index, (left, right) in enumerate(itertools.pairwise(cuts)):
        a, b = pair.masses(left, right)
        low, high = levels[index], levels[index + 1]
        if index == 0 and floor is None:
            masses[low] += a  # the cut-off bottom tail, raised to g_first
        elif high is None:  # the lemma with g' = +∞
            kept = growth[low] * b
            masses[low] += kept
            infinity += a - kept
        else:  # the lemma: p = (b·e^{g'} − a)/(e^{g' − g} − 1) on g, a − p on g'
            kept = (b * growth[high] - a) / ((high - low) * width).expm1()
            masses[low] += kept
            masses[high] += a - kept
    units = [units_up(mass, bits) for mass in masses.values()]
    return LatticePLD.from_masses(Side.UPPER, bottom * step, step, bits, units, units_up(infinity, bits))
