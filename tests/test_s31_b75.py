"""Session 31 (helper-277): what blind probe batch b75's export miss led to, in other
spellings. Each claim about torch is checked through the test oracle (torch 2.13, CPU).

- Export (TL103): a number read with ``.item()`` that bounds a slice written in place
  (``out[:, y0:y1] = v``, ``+=``, ``out[:, a:b].copy_(v)``) while autograd records the write
  (the value or the tensor written into comes from a layer or a parameter of the module):
  ``torch.export`` replays the view with its data-dependent offset for the backward and fails
  (PendingUnbackedSymbolNotFound). Under ``torch.no_grad()``, with a detached value, with a
  value that carries no grad, or where the slice is only read, it exports.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

MODEL = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x, m):
        rows = torch.where(m == 0)[0]
        lo = max(rows.min().item() - 1, 0)
        hi = rows.max().item() + 1
{body}


def inputs():
    m = torch.ones(8)
    m[2:5] = 0
    m2 = torch.ones(8)
    m2[5:7] = 0
    x = torch.randn(2, 8, 6)
    return [(x, m), (x.clone(), m2)]
"""
ITEM_LINES = {13, 14}
# Writes autograd records: torch.export fails.
RECORDED = {
    "value_from_layer": "        out = x.clone()\n        out[:, lo:hi] = self.fc(x[:, lo:hi])\n        return out",
    "target_from_layer": "        out = self.fc(x)\n        out[:, lo:hi] = 0\n        return out",
    "augmented": "        out = x.clone()\n        out[:, lo:hi] += self.fc(x)[:, :1]\n        return out",
    "copy_method": "        out = x.clone()\n        out[:, lo:hi].copy_(x[:, lo:hi] * self.scale)\n        return out",
}
# The same writes without grad, or only reads: torch.export accepts them.
UNRECORDED = {
    "no_grad": "        out = x.clone()\n        with torch.no_grad():\n            out[:, lo:hi] = self.fc(x[:, lo:hi])\n        return out",
    "detached": "        out = x.clone()\n        out[:, lo:hi] = self.fc(x[:, lo:hi]).detach()\n        return out",
    "plain_value": "        out = x.clone()\n        out[:, lo:hi] = x[:, lo:hi] * 2\n        return out",
    "read_only": "        return self.fc(x[:, lo:hi]).sum(1)",
}


def _source(body: str) -> str:
    return MODEL.format(body=body)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_item_bounding_recorded_write_flagged_for_export(name: str) -> None:
    found = findings(_source(RECORDED[name]), "TL103", "export")
    assert {d.line for d in found} == ITEM_LINES
    assert all("PendingUnbackedSymbolNotFound" in d.message for d in found)


@pytest.mark.parametrize("name", sorted(UNRECORDED))
def test_item_bounding_unrecorded_write_not_flagged_for_export(name: str) -> None:
    assert findings(_source(UNRECORDED[name]), "TL103", "export") == []


@requires_torch
@pytest.mark.parametrize("name", sorted(RECORDED) + sorted(UNRECORDED))
def test_export_fails_only_where_autograd_records_the_write(name: str) -> None:
    from .oracle import check

    verdict = check(_source({**RECORDED, **UNRECORDED}[name]), "export")
    if name in RECORDED:
        assert not verdict.ok and "PendingUnbackedSymbolNotFound" in verdict.detail
    else:
        assert verdict.ok, verdict.detail


# -- compile: a number read inside a @contextlib.contextmanager generator -----------------------
# (b73's false alarm.) Dynamo inlines the generator where `with` enters it; on the read it does
# not capture there it goes back to the start of the `with` statement and reports a break only
# when its graph holds more than one call by then; otherwise it skips the whole frame (no
# graph, no break reported, and fullgraph=True runs it eagerly without raising). The same read
# in a plain helper breaks the graph. (A float tensor's `.tolist()` is another matter:
# fullgraph=True raises on it wherever it is, GB0109.)
CONTEXT = """
import contextlib

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 6)
        self.last = 1.0

    @contextlib.contextmanager
    def normalised(self, w):
        {read}
        self.last = scale
        yield w / scale

    def forward(self, w):
{before}        with self.normalised(w) as x:
            y = x * 2
        return y * self.last


def inputs():
    return [(torch.randn(2, 6) * 0.1,), (torch.randn(2, 6) * 50,)]
"""
BEFORE = {
    "first": ("", False),
    "one_op": ("        w = self.enc(w)\n", False),
    "two_ops": ("        w = torch.relu(self.enc(w))\n", True),
}
HELPER = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, 6)

    def normalised(self, w):
        {read}
        return w / scale, scale

    def forward(self, w):
        x, scale = self.normalised(w)
        return x * 2 * scale


def inputs():
    return [(torch.randn(2, 6) * 0.1,), (torch.randn(2, 6) * 50,)]
"""
CONTEXT_READS = {
    "float": ("TL102", "scale = float(w.abs().amax().clamp(min=1.0))"),
    "item": ("TL103", "scale = w.abs().amax().clamp(min=1.0).item()"),
    "tolist": ("TL104", "scale = max(w.abs().amax(-1).ceil().clamp(min=1).long().tolist())"),
}
CASES = [(read, before) for read in sorted(CONTEXT_READS) for before in sorted(BEFORE)]


@pytest.mark.parametrize(("name", "before"), CASES)
def test_read_in_context_manager_flagged_for_compile_after_two_operations(
    name: str, before: str
) -> None:
    code, read = CONTEXT_READS[name]
    statements, breaks = BEFORE[before]
    found = findings(CONTEXT.format(read=read, before=statements), code, "compile")
    assert [d.line for d in found] == ([15] if breaks else [])


@pytest.mark.parametrize("name", sorted(CONTEXT_READS))
def test_read_in_plain_helper_flagged_for_compile(name: str) -> None:
    code, read = CONTEXT_READS[name]
    assert [d.line for d in findings(HELPER.format(read=read), code, "compile")] == [11]


@requires_torch
@pytest.mark.parametrize(("name", "before"), CASES)
def test_compile_breaks_in_context_manager_only_after_two_operations(
    name: str, before: str
) -> None:
    from .oracle import check

    _, read = CONTEXT_READS[name]
    statements, breaks = BEFORE[before]
    verdict = check(CONTEXT.format(read=read, before=statements), "compile")
    assert verdict.ok is not breaks, verdict.detail


@requires_torch
@pytest.mark.parametrize("name", sorted(CONTEXT_READS))
def test_compile_breaks_in_plain_helper(name: str) -> None:
    from .oracle import check

    _, read = CONTEXT_READS[name]
    assert not check(HELPER.format(read=read), "compile").ok
