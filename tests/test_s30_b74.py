"""Session 30 (helper-272): what blind probe batch b74's misses and false alarm led to, in
other spellings. Each claim about torch is checked through the test oracle (torch 2.13, CPU).

- Trace (TL102, TL103, TL104): a tensor read as Python numbers (``float(t)``, ``t.item()``,
  ``t.tolist()``) inside a ``torch.autograd.Function``'s forward is read again on every call
  of the trace (the Function is one Python op there), so the trace only warns.
- Export (TL104): ``[max(row) for row in d.tolist()]`` compares the rows' data-dependent
  floats, as ``max(d.tolist())`` does (``d`` a float tensor, also ``t.min(-1).values`` of
  one); integer rows stay symbolic.
- Export (TL107): ``len(sel)`` of a selection given as an argument (``x.new_zeros(len(docs))``)
  needs a Python int; ``sel.shape[0]`` stays symbolic. The distinct values of ``values,
  inverse = torch.unique(x, return_inverse=True)`` are a selection, and so is
  ``m.nonzero().squeeze(-1)``, also compared through a walrus (``(n := keep.numel()) < k``).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = "import math\n\nimport torch\nfrom torch import nn\n\n\n"

# -- trace: numbers read inside a torch.autograd.Function's forward -----------------------------
FUNCTION = """
class Clip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        {read}
        return x.clamp(max=hi)

    @staticmethod
    def backward(ctx, grad):
        return grad


class Model(nn.Module):
    def forward(self, x):
        return Clip.apply(x * 2) + 1


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4) * 10,)]
"""
FUNCTION_LINE = 11
READS = {
    "float": ("TL102", "hi = float(torch.quantile(x, 0.9))"),
    "math": ("TL102", "hi = math.sqrt(x.pow(2).mean())"),
    "item": ("TL103", "hi = x.abs().max().item()"),
    "tolist": ("TL104", "hi = max(x.flatten().tolist())"),
}
# The same read in the module's own forward: the trace bakes the number in.
DIRECT = """
class Model(nn.Module):
    def forward(self, x):
        {read}
        return x.clamp(max=hi) + 1


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4) * 10,)]
"""


@pytest.mark.parametrize("name", sorted(READS))
def test_read_in_autograd_function_only_warns_for_trace(name: str) -> None:
    code, read = READS[name]
    found = findings(HEADER + FUNCTION.format(read=read), code, "trace")
    assert [d.line for d in found] == [FUNCTION_LINE]
    assert "trace" in found[0].warns
    assert "Python op" in found[0].message


@pytest.mark.parametrize("name", sorted(READS))
def test_read_in_forward_still_fails_trace(name: str) -> None:
    code, read = READS[name]
    found = findings(HEADER + DIRECT.format(read=read), code, "trace")
    assert [d.line for d in found] == [10]
    assert "trace" not in found[0].warns


@requires_torch
@pytest.mark.parametrize("name", sorted(READS))
def test_trace_reads_autograd_function_number_per_input(name: str) -> None:
    from .oracle import check, trace_warnings

    read = READS[name][1]
    source = HEADER + FUNCTION.format(read=read)
    assert check(source, "trace").ok
    assert any(line == FUNCTION_LINE for line, _, _ in trace_warnings(source))
    assert not check(HEADER + DIRECT.format(read=read), "trace").ok


# -- export: rows of a float list compared ------------------------------------------------------
ROWS = """
class Model(nn.Module):
    def forward(self, x):
        d = torch.cdist(x, x + 1).min(-1).values{cast}
        worst = [max(row) for row in d.tolist()]
        return torch.tensor(worst)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 3, 4) * 3,)]
"""
ROWS_LINE = 11


def test_rows_of_float_list_compared_flagged_for_export() -> None:
    found = findings(HEADER + ROWS.format(cast=""), "TL104", "export")
    assert [d.line for d in found] == [ROWS_LINE]


def test_rows_of_integer_list_compared_not_flagged_for_export() -> None:
    assert findings(HEADER + ROWS.format(cast=".mul(10).long()"), "TL104", "export") == []


@requires_torch
def test_export_fails_comparing_float_rows_only() -> None:
    from .oracle import check

    assert not check(HEADER + ROWS.format(cast=""), "export").ok
    assert check(HEADER + ROWS.format(cast=".mul(10).long()"), "export").ok


# -- export: len() of a selection as an argument; walrus comparisons -------------------------
UNIQUE = """
class Model(nn.Module):
    def forward(self, x, ids):
        h = x * 2
        docs, inverse = torch.unique(ids, return_inverse=True)
        total = h.new_zeros({size}).index_add_(0, inverse, h)
        return total


def inputs():
    return [
        (torch.randn(6), torch.tensor([3, 3, 5, 7, 7, 7])),
        (torch.randn(6), torch.tensor([1, 2, 4, 5, 8, 9])),
    ]
"""
UNIQUE_LINE = 12
WALRUS = """
class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        keep = (h > 0).nonzero().squeeze(-1)
        if (n := keep.numel()) < 3:
            return h
        return h[keep] * n


def inputs():
    return [(torch.tensor([1.0, 2.0, 3.0, 4.0]),), (torch.tensor([1.0, -2.0, -3.0, -4.0]),)]
"""
WALRUS_LINE = 12


def test_len_of_unique_values_as_argument_flagged_for_export() -> None:
    found = findings(HEADER + UNIQUE.format(size="len(docs)"), "TL107", "export")
    assert [d.line for d in found] == [UNIQUE_LINE]
    assert "len()" in found[0].message
    assert findings(HEADER + UNIQUE.format(size="docs.shape[0]"), "TL107", "export") == []


def test_walrus_comparison_of_squeezed_nonzero_flagged() -> None:
    for target in ("compile", "export"):
        found = findings(HEADER + WALRUS, "TL107", target)
        assert WALRUS_LINE in [d.line for d in found], target


@requires_torch
def test_export_needs_int_of_len_but_not_of_shape() -> None:
    from .oracle import check

    assert not check(HEADER + UNIQUE.format(size="len(docs)"), "export").ok
    assert check(HEADER + UNIQUE.format(size="docs.shape[0]"), "export").ok
    assert check(HEADER + UNIQUE.format(size="len(docs)"), "fullgraph").ok


@requires_torch
def test_walrus_comparison_of_selection_size_fails_fullgraph_and_export() -> None:
    from .oracle import check

    assert not check(HEADER + WALRUS, "fullgraph").ok
    assert not check(HEADER + WALRUS, "export").ok
