"""The aligned-bins PLD of a dominating pair: a lattice PLD that is a post-processing of the mechanism.

A lower bound on δ(ε) needs a discrete pair that the mechanism can *produce*: grouping outputs
into bins is such a post-processing, and by the data-processing inequality of the hockey-stick
divergence (a post-processing of every coordinate, for T-fold products) its δ(ε) is at most the
mechanism's at every ε and T. A bin B has the loss ℓ(B) = ln(P(B)/Q(B)), which in general is
not on a lattice, and rounding every bin's loss down to the lattice {c + i·h} costs up to h in
each step, up to T·h in ε (a whole unit of ε at h = 10⁻⁴ and T = 10⁴, Abadi et al.'s example).
Here the bins are instead chosen so that their losses *are* lattice values, up to an excess η
far below h, and only η is rounded away.

**Aligned bins.** On the coordinate t in which the loss L(t) increases
(:mod:`generator.core.subsampled_gaussian`), bin j = [t_j, t_{j+1}] gets the target
g_j = c + j·h and its right edge is a root of

    F(x) = P([t_j, x]) − e^{g_j}·Q([t_j, x]),   F'(x) = p(x) − e^{g_j} q(x) = q(x)(e^{L(x)} − e^{g_j}),

so F falls while L(x) < g_j and rises after: when F(∞) = P([t_j, ∞)) − e^{g_j}Q([t_j, ∞)) > 0 it
has one root x* > L⁻¹(g_j), where the bin's ratio is exactly e^{g_j}. The search starts from the
root of F's cubic Taylor model at t_j (or, where that fails, from L(x₀) = 2g_j − L(t_j): the
loss of a short bin is symmetric about its mean to first order, so the bins stay about h wide in
loss, the lattice offset c putting g_0 half a step above the loss at the start) and takes Halley
steps (Newton's far from the root) inside a bracket [low, high] of the root that it keeps. Each
step's candidate is an exact dyadic number pushed right by a margin above the step's error bound,
2^-40 of the bin's width and the evaluation's radius; it is taken as the edge once the arb ball
of P(B) − e^{g_j}Q(B) is positive, which proves ℓ(B) >= g_j, and below e^{g_j}Q(B)·2^-24·h,
which keeps η = ℓ(B) − g_j under 2^-24·h. Two evaluations of the tails per bin are typical. The
edges are thus exact points and the bins a partition of (part of) the line.

**Moving down onto the lattice.** Each bin's loss ℓ_j >= g_j exceeds its lattice value by the
tiny η_j = ℓ_j − g_j < 2^-24·h. Putting its P-mass on g_j instead of ℓ_j is a move to a smaller
loss, which can only lower δ(ε) at every ε and T (:mod:`generator.core.lattice_pld`, lemma (b):
it lowers the sum of T losses pointwise, and δ's integrand rises with that sum). This move is
not itself a post-processing (the moved measure's Q-mass Σ P(B_j)e^{−g_j} exceeds the bins'
Q-mass by about Σ η_j·Q(B_j)), and need not be: the lemma holds for any non-negative measure,
pair or not. (A post-processing that lowers a bin's ratio exists too, mixing into it a fraction
of a lower-ratio bin, but it buys nothing here.) It costs at most T·2^-24·h in ε. The same lemma
lets us drop the tails (below the start where the loss is unbounded below, and beyond a cut point
where P holds at most ``tail`` above) and round every P-mass's lower end down to units of 2^-bits.

**The last bin.** When no further bin can reach its target (F(∞) <= 0: what is left of the line
has too small a ratio, as near the add loss's ceiling −ln(1 − q), or where h is coarse next to the
spread of one step's loss) or the cut point is passed, the rest [t_j, ∞) is one bin: its loss is
its own ratio's, at least L(t_j), and it goes onto the lattice value below that (or onto the last
one used, if that is lower: a move down).

The loss here is the binning's only: in each bin the loss of the mechanism spreads over about
one step h, which costs O(h²) per step against the O(h) of plain rounding (the bracket's width
behaves like T·h² times a constant of the pair; tests/benchmarks/dpsgd_accountants.py measures it).
"""

from __future__ import annotations

from fractions import Fraction

from flint import arb

from generator.core.certified import enclosure, exact, precision
from generator.core.connect_dots import working_bits
from generator.core.lattice_pld import LatticePLD, Side, index_below, units_down
from generator.core.subsampled_gaussian import Cut, DominatingPair

_MARGIN_BITS = 40  # the margin above a step's root, as a fraction of the bin's width
_TIGHT_BITS = 24  # a bin's loss exceeds its lattice value by at most 2^-24 of a step
_MAX_TRIES = 60


def aligned_bins(pair: DominatingPair, step: Fraction, bits: int, tail: Fraction) -> LatticePLD:
    """The lower lattice PLD of one direction's pair with lattice step ``step`` (see the docstring)."""
    if step <= 0:
        raise ValueError(f"the lattice step must be positive, got {step}")
    with precision(working_bits(bits)):
        return _aligned_bins(pair, Fraction(step), bits, Fraction(tail))


def _mid(ball: arb) -> arb:
    """The ball's midpoint, an exact dyadic number."""
    return ball.mid()


def _aligned_bins(pair: DominatingPair, step: Fraction, bits: int, tail: Fraction) -> LatticePLD:
    floor, ceiling = pair.loss_floor, pair.loss_ceiling
    if floor is not None:
        left, left_loss = pair.end(False), floor
    else:
        start = exact(pair.beyond(False, tail))
        left, left_loss = pair.cut(start), pair.loss(start)
    stop = None if ceiling is not None else exact(pair.beyond(True, tail))
    # the lattice offset: g_0 = c half a step above the loss at the start (an exact dyadic value)
    origin = enclosure(_mid(left_loss + exact(step) / 2)).lower
    masses: list[int] = []
    while True:
        target = origin + len(masses) * step
        if not left_loss < exact(target):  # the bin cannot come down to this value: skip it
            masses.append(0)
            continue
        passed = stop is not None and left.at is not None and left.at >= stop
        found = None if passed else _next_edge(pair, left, left_loss, target, step, ceiling)
        if found is None:
            # the last bin [t_j, ∞): its loss is that of its own ratio, at least L(t_j); it goes
            # onto the lattice value below that, or below the current target if that is lower
            a, b = pair.masses(left, pair.end(True))
            level = (a / b).log() if a > 0 and b > 0 else left_loss
            index = min(index_below(level.max(left_loss), origin, step), len(masses) - 1)
            if index >= 0:
                masses[index] += units_down(a, bits)
            break
        right, a = found
        masses.append(units_down(a, bits))
        assert right.at is not None
        left, left_loss = right, pair.loss(right.at)
    return LatticePLD.from_masses(Side.LOWER, origin, step, bits, masses)


def _excess(pair: DominatingPair, t: arb, ratio: arb) -> tuple[arb, arb, arb]:
    """φ = p − e^g·q at t and its first two derivatives (midpoints: they only steer the search)."""
    (p, dp, ddp), (q, dq, ddq) = pair.densities(t)
    return _mid(p - ratio * q), _mid(dp - ratio * dq), _mid(ddp - ratio * ddq)


def _first_guess(
    pair: DominatingPair, left: Cut, left_loss: arb, level: arb, ratio: arb, ceiling: arb | None
) -> arb:
    """Where the bin's ratio should come out at e^g: the root of the cubic Taylor model
    F(left + s) ≈ φ₀s + φ₁s²/2 + φ₂s³/6 of F at the left edge (F(left) = 0); where that model
    has no usable root (an infinite left edge, a wide bin), the loss mirrored about the target,
    L(x₀) = 2g − L(left), which is right to first order in the bin's width."""
    if left.at is not None:
        c, b, a = _excess(pair, left.at, ratio)
        b, a = b / 2, a / 6
        disc = b * b - 4 * a * c
        if disc >= 0 and b + disc.sqrt() > 0:
            s = _mid(-2 * c / (b + disc.sqrt()))
            if s > 0:
                return _mid(left.at + s)
    guess = 2 * level - left_loss
    if ceiling is not None:
        guess = guess.min((level + ceiling) / 2)
    return _mid(pair.edge(guess))


def _next_edge(
    pair: DominatingPair, left: Cut, left_loss: arb, target: Fraction, step: Fraction, ceiling: arb | None
) -> tuple[Cut, arb] | None:
    """The right edge of the bin from ``left`` whose ratio is proven >= e^target and exceeds it by
    at most 2^-24·step in loss, with the bin's P-mass; None when no such bin exists (the rest
    of the line has too small a ratio, or the loss's ceiling is below the target)."""
    level = exact(target)
    ratio = level.exp()
    if ceiling is not None and not level < ceiling:
        return None
    rest_p, rest_q = pair.masses(left, pair.end(True))
    if not rest_p - ratio * rest_q > 0:  # F(∞) <= 0: even the whole rest stays below e^target
        return None
    # F falls up to L⁻¹(target) and rises after: the root lies in (low, high), high None: unknown
    bottom = _mid(pair.edge(level))
    low, high = bottom, None
    x = _first_guess(pair, left, left_loss, level, ratio, ceiling)
    tight = exact(step) * arb(2) ** -_TIGHT_BITS
    for _ in range(_MAX_TRIES):
        cut = pair.cut(x)
        a, b = pair.masses(left, cut)
        value = a - ratio * b
        if value > 0:
            if value < ratio * b * tight:
                return cut, a
            high = x
        else:
            low = x.max(low)
        candidate = _halley(pair, left, x, value, ratio)
        # a step that leaves the bracket bisects it; with no right end yet, it may at most
        # triple the distance from L⁻¹(target) (F(∞) > 0, so a right end turns up)
        reach = _mid(3 * x - 2 * bottom + exact(pair.mechanism.sigma) * arb(2) ** -_MARGIN_BITS)
        if candidate is None or not candidate > low or (high is not None and not candidate < high):
            candidate = _mid((low + high) / 2) if high is not None else reach
        elif high is None:
            candidate = candidate.min(reach)
        x = candidate
    raise ArithmeticError(f"no edge found for the lattice value {target}")


def _halley(pair: DominatingPair, left: Cut, x: arb, value: arb, ratio: arb) -> arb | None:
    """A step from x toward the root of F (F' = φ, F'' = φ', F''' = φ''), pushed right by a margin
    above its error bound, the bin width's 2^-40 and the ball's radius. Halley's step, with error
    |(3F''² − 2F'F''')/(12F'²)|·Δ³, where its correction is moderate (|F·F''| <= F'²/2); else
    Newton's, with error |F''/(2F')|·Δ² (far from the root, in a wide bin)."""
    f0 = _mid(value)
    f1, f2, f3 = _excess(pair, x, ratio)
    if not f1 > 0:
        return None
    if 2 * abs(f0 * f2) <= f1 * f1:
        delta = -2 * f0 * f1 / (2 * f1 * f1 - f0 * f2)
        error = abs((3 * f2 * f2 - 2 * f1 * f3) / (12 * f1 * f1)) * abs(delta) ** 3
    else:
        delta = -f0 / f1
        error = abs(f2 / (2 * f1)) * delta * delta
    step = _mid(x + delta)
    width = step - left.at if left.at is not None else exact(pair.mechanism.sigma)
    return _mid(step + 4 * error + width * arb(2) ** -_MARGIN_BITS + 4 * value.rad() / f1)
