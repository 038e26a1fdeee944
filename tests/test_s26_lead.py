"""Session 26, the lead's changes: TL101's advice on a branch that draws random numbers. The
`torch.where` fix keeps such an `if` (test_s25_lead); the message no longer advises the
`torch.where` it would not write, and says why (blind b69's epsilon-greedy head)."""

from __future__ import annotations

import pytest

from .lint_helpers import findings
from .test_s25_lead import DRAWING, _module

DRAW_ADVICE = "a branch draws random numbers"

# The draw in other places than test_s25_lead's bodies: after an early return (the implied
# `else`), in an `elif`, in a nested call's argument, as a tensor method of torch's table.
OTHER_DRAWS = {
    "after_early_return": """
        if q.sum() > 0:
            return q
        mask = torch.rand_like(q) < 0.1
        return q * mask
    """,
    "in_elif": """
        if q.sum() > 10:
            return q
        elif q.sum() > 5:
            return q.normal_()
        return q * 2
    """,
    "python_random": """
        scale = 2.0 if q.mean() > 0.5 else random.uniform(0.5, 1.5)
        return q * scale
    """,
}

# No draw in either branch (a module call and a draw in the test itself do not count: the test
# runs whatever the rewrite).
NO_DRAW = {
    "plain": """
        if q.sum() > 0:
            return q * 2
        return q
    """,
    "draw_in_test_only": """
        if torch.rand(()) < q.mean():
            return q * 2
        return q
    """,
    "draw_before_the_if": """
        noise = torch.randn_like(q)
        if q.sum() > 0:
            return q + noise
        return q
    """,
}


def _advice(body: str) -> list[str]:
    source = _module(body).replace("import numpy as np", "import random\nimport numpy as np")
    return [d.message for d in findings(source, "TL101", "compile")]


@pytest.mark.parametrize("name", sorted(DRAWING) + sorted(OTHER_DRAWS))
def test_branch_that_draws_gets_the_by_hand_advice(name: str) -> None:
    messages = _advice({**DRAWING, **OTHER_DRAWS}[name])
    assert messages and all(DRAW_ADVICE in message for message in messages), messages
    assert not any("use torch.where" in message for message in messages)


@pytest.mark.parametrize("name", sorted(NO_DRAW))
def test_branch_without_a_draw_keeps_the_where_advice(name: str) -> None:
    messages = _advice(NO_DRAW[name])
    assert messages and all("use torch.where or torch.cond" in m for m in messages), messages
    assert not any(DRAW_ADVICE in message for message in messages)
