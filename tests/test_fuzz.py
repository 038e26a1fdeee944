"""Bounded fuzzing of the whole engine and every fixer (the long run: ``fuzz/fuzz_engine.py``).

Inputs are mutated rule examples and hypothesmith-generated source; for each, ``lint_text``
with every rule and ``fix_text`` with unsafe fixes must not crash or report an internal error,
and a fix must parse, compile and be idempotent (:func:`fuzz.fuzz_engine.check`).
Derandomized, so CI runs the same inputs every time.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.fuzz_engine import check, example_sources, mutate

hypothesmith = pytest.importorskip("hypothesmith")

SEEDS = example_sources()


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


def test_there_are_examples_to_mutate():
    assert len(SEEDS) > 100


@fuzz_settings(1500)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_rule_examples(seed):
    rng = random.Random(seed)
    text = mutate(rng.choice(SEEDS), rng)
    assert check(text) is None, text


@fuzz_settings(200)
@given(text=hypothesmith.from_grammar())
def test_generated_source(text):
    assert check(text) is None, text


@fuzz_settings(40)
@given(text=hypothesmith.from_node())
def test_generated_syntax_trees(text):
    assert check(text) is None, text
