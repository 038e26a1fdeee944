"""Session 28 (helper-258, issue #21): a value read from tensor data (``.tolist()`` items,
``.item()``) hashed by a dict or set the module holds on ``self`` (bound only in ``__init__``)
or binds once at its top level: ``D.get(v, d)``, ``D[v]``, ``v in D``, ``v in S``.

torch 2.13 (CPU), every form: ``torch.compile(fullgraph=True)`` raises ("Could not extract
specialized integer"), ``torch.export`` fails (TypeError: unhashable type: non-nested SymInt),
plain ``torch.compile`` breaks the graph and agrees with eager. A size or a Python int as the
key passes fullgraph compile and export; under ``torch.jit.trace`` a size is a 0-dim tensor,
hashed by identity, so a lookup by it raises KeyError (tensor(3)) or misses.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

SOURCE = """
import torch
from torch import nn

TABLE = {{1: 10.0, 2: 20.0, 3: 30.0, 5: 50.0}}
STOP = {{3, 4, 5}}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = {{1: 10.0, 2: 20.0, 3: 30.0, 5: 50.0}}
        self.stop = set(STOP)
        self.k = 3

    def forward(self, x, ids):
        vals = {body}
        return x * torch.tensor(vals, dtype=torch.float).sum()


def inputs():
    return [
        (torch.ones(2, 3), torch.tensor([1, 3, 3])),
        (torch.ones(2, 3), torch.tensor([5, 2, 1])),
    ]
"""
LINE = 16

HASHED = {
    "self_get": "[self.table.get(v, 0.0) for v in ids.tolist()]",
    "self_subscript": "[self.table[v] for v in ids.tolist()]",
    "self_in": "[v in self.table for v in ids.tolist()]",
    "self_set_in": "[v not in self.stop for v in ids.tolist()]",
    "module_get": "[TABLE.get(v, 0.0) for v in ids.tolist()]",
    "module_subscript": "[TABLE[v] for v in ids.tolist()]",
    "module_in": "[v in TABLE for v in ids.tolist()]",
    "module_set_in": "[v in STOP for v in ids.tolist()]",
    "module_get_item": "[TABLE.get(ids[0].item(), 0.0)]",
}
NOT_HASHED = {
    "self_get_size": "[self.table.get(x.shape[1], 0.0)]",
    "module_subscript_size": "[TABLE[x.size(1)]]",
    "module_get_int": "[TABLE.get(3, 0.0), TABLE[self.k]]",
    "self_in_int": "[self.k in self.table, 2 in STOP]",
}
# A name the function binds itself is not the module's dict.
SHADOWED = "[TABLE.get(v, 0.0) for v in ids.tolist()]\n        TABLE = None"


def _model(body: str) -> str:
    return SOURCE.format(body=body)


@pytest.mark.parametrize("case", sorted(HASHED))
@pytest.mark.parametrize("target", ["compile", "export"])
def test_data_value_hashed_by_held_container_flagged(case: str, target: str) -> None:
    found = findings(_model(HASHED[case]), "TL112", target)
    assert [d.line for d in found] == [LINE]
    assert "value read from tensor data is symbolic there" in found[0].message


@pytest.mark.parametrize("case", sorted(NOT_HASHED))
@pytest.mark.parametrize("target", ["compile", "export"])
def test_size_or_int_key_not_flagged(case: str, target: str) -> None:
    assert findings(_model(NOT_HASHED[case]), "TL112", target) == []


def test_size_key_flagged_for_trace_only() -> None:
    found = findings(_model(NOT_HASHED["module_subscript_size"]), "TL112", "trace")
    assert [d.line for d in found] == [LINE]
    assert findings(_model(NOT_HASHED["module_get_int"]), "TL112", "trace") == []


def test_local_name_is_not_the_module_dict() -> None:
    assert findings(_model(SHADOWED), "TL112", "export") == []


@requires_torch
@pytest.mark.parametrize("case", sorted(HASHED))
def test_data_value_hashed_fails_export(case: str) -> None:
    from .oracle import check

    verdict = check(_model(HASHED[case]), "export")
    assert not verdict.ok
    assert "unhashable type: non-nested SymInt" in verdict.detail


@requires_torch
@pytest.mark.parametrize("case", sorted(HASHED))
def test_data_value_hashed_fails_fullgraph(case: str) -> None:
    from .oracle import check

    verdict = check(_model(HASHED[case]), "fullgraph")
    assert not verdict.ok
    assert "specialized integer" in verdict.detail


@requires_torch
@pytest.mark.parametrize("case", sorted(NOT_HASHED))
@pytest.mark.parametrize("backend", ["fullgraph", "export"])
def test_size_or_int_key_passes(case: str, backend: str) -> None:
    from .oracle import check

    assert check(_model(NOT_HASHED[case]), backend).ok


@requires_torch
def test_size_key_fails_trace() -> None:
    from .oracle import check

    assert not check(_model(NOT_HASHED["module_subscript_size"]), "trace").ok
    assert check(_model(NOT_HASHED["module_get_int"]), "trace").ok
