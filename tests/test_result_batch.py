"""A round's results replayed as one batch (core.rules.results.apply_results,
the `lycee import` replay of issue 31) give the event and the refusals that
applying them one by one gives: byes, unknown tables, a second result at a
table, intentional draws, results a match type refuses."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import rules
from core.errors import LyceeError
from core.log.actions import ResultAction
from core.rules.results import apply_results
from tests.strategies import batch_results


def _event(n: int, match: str):
    ev = rules.apply(
        None,
        {"type": "create", "data": {"id": "e", "name": "e", "date": "2026-11-30", "sanctioned": False, "match": match}},
    )
    ids = [f"p{i}" for i in range(1, n + 1)]
    ev = rules.apply(ev, {"type": "register", "data": {"players": [{"id": i, "name": i} for i in ids]}})
    tables = [{"table": t + 1, "p1": ids[2 * t], "p2": ids[2 * t + 1]} for t in range(n // 2)]
    if n % 2:
        tables.append({"table": len(tables) + 1, "p1": ids[-1], "p2": None})
    return rules.apply(ev, {"type": "pair", "data": {"round": 1, "stage": "swiss", "matches": tables}})


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.integers(2, 9), st.sampled_from(["bo3", "bo1"]), batch_results)
def test_batched_results_are_the_results_one_by_one(n, match, results):
    # G-SWISS-POINTS (a bye takes no result), G-BO3 / G-BO1 (the scores a match allows), G-ID-2
    ev = _event(n, match)
    payloads = [
        ResultAction(round=1, table=t, p1_wins=a, p2_wins=b, draws=d, intentional=i) for t, a, b, d, i in results
    ]
    one = ev
    errors: list[str | None] = []
    for p in payloads:
        try:
            one = rules.apply(one, {"type": "result", "data": p})
            errors.append(None)
        except LyceeError as err:
            errors.append(f"{type(err).__name__}: {err}")
    batched, errs = apply_results(ev, 1, payloads)
    assert batched == one
    assert [None if e is None else f"{type(e).__name__}: {e}" for e in errs] == errors
