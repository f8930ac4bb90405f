"""Global sensitivity of the course's queries (generator/core/sensitivity.py), held to hand
values and to a brute force over every small database and every neighbour.

Properties (each a test below):
  S1  a count moves by 1 adding or removing a record and by 0 replacing one; a sum clipped to
      [-B, B] by B and 2B (replacing doubles it); an unclipped sum has no bound (None);
  S2  the brute force over every database of at most two records and every neighbour finds
      the same maxima, for bounds 1, 2 and 3 and both relations;
  S3  without clipping the brute force grows with the largest allowed value, so no bound
      holds for every database;
  S4  clipping moves every value into [-B, B]; a bound below 1 is refused.
"""

from __future__ import annotations

import itertools

import pytest

from generator.core.sensitivity import Neighbour, Query, answer, clip, sensitivity

DOMAIN = range(-5, 6)


def _databases(values: range, size: int) -> list[tuple[int, ...]]:
    return [tuple(entries) for n in range(size + 1) for entries in itertools.product(values, repeat=n)]


def _neighbours(database: tuple[int, ...], relation: Neighbour, values: range) -> list[tuple[int, ...]]:
    """Every neighbour under the relation, built by its named operations."""
    if relation is Neighbour.ADD_REMOVE:
        removed = [database[:i] + database[i + 1 :] for i in range(len(database))]
        return removed + [(*database, v) for v in values]
    return [(*database[:i], v, *database[i + 1 :]) for i in range(len(database)) for v in values]


def test_hand_sensitivities() -> None:
    assert sensitivity(Query.COUNT, Neighbour.ADD_REMOVE, None) == 1
    assert sensitivity(Query.COUNT, Neighbour.REPLACE, None) == 0
    assert sensitivity(Query.SUM, Neighbour.ADD_REMOVE, 5) == 5
    assert sensitivity(Query.SUM, Neighbour.REPLACE, 5) == 10
    assert sensitivity(Query.SUM, Neighbour.ADD_REMOVE, None) is None
    assert answer(Query.SUM, (-7, 2, 9), 3) == 2
    assert answer(Query.SUM, (-7, 2, 9), None) == 4
    assert answer(Query.COUNT, (-7, 2, 9), None) == 3


@pytest.mark.parametrize("relation", list(Neighbour))
@pytest.mark.parametrize(
    ("query", "bound"), [(Query.COUNT, None), (Query.SUM, 1), (Query.SUM, 2), (Query.SUM, 3)]
)
def test_sensitivity_is_the_brute_force_maximum(query: Query, bound: int | None, relation: Neighbour) -> None:
    largest = max(
        abs(answer(query, d, bound) - answer(query, e, bound))
        for d in _databases(DOMAIN, 2)
        for e in _neighbours(d, relation, DOMAIN)
    )
    assert largest == sensitivity(query, relation, bound)


def test_without_clipping_the_brute_force_grows_with_the_values() -> None:
    # over values in [-3, 3] one record moves an unclipped sum by 3 (add/remove), 6 (replace):
    # the largest allowed value, so no bound holds for every database
    values = range(-3, 4)
    for relation, largest in ((Neighbour.ADD_REMOVE, 3), (Neighbour.REPLACE, 6)):
        moves = [
            abs(sum(d) - sum(e)) for d in _databases(values, 2) for e in _neighbours(d, relation, values)
        ]
        assert max(moves) == largest
    assert sensitivity(Query.SUM, Neighbour.ADD_REMOVE, None) is None


def test_clipping_moves_every_value_into_the_bound() -> None:
    assert [clip(v, 2) for v in (3, -1, 7, 2, -5)] == [2, -1, 2, 2, -2]
    assert [clip(v, 3) for v in (-7, -3, 0, 2, 9)] == [-3, -3, 0, 2, 3]
    with pytest.raises(ValueError, match="positive integer"):
        clip(1, 0)
    with pytest.raises(ValueError, match="positive integer"):
        sensitivity(Query.SUM, Neighbour.REPLACE, 0)
