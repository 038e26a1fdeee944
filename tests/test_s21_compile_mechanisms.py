"""Compile / export mechanisms from session 21's blind misses (fresh13, probe batch b61), in
other spellings than the corpus and the probes.

- Standard-library pattern matchers of two arguments (``fnmatch.fnmatch(name, pattern)``,
  ``fnmatchcase``, ``filter``): the generated ``stdlib_inlined_refused`` table now asks each
  function with one or two strings or a list of strings (TL317).
- ``torch.masked``'s MaskedTensor constructors, among the namespaces the generated
  ``torch_skipped`` table asks (TL317).
"""

from __future__ import annotations

from .conftest import requires_torch
from .lint_helpers import findings as _findings


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in _findings(source, code, target)]


# --- TL317: fnmatch's two-argument matchers, torch.masked -----------------------------------

PATTERN_MATCHERS = """
import fnmatch as fm
from fnmatch import fnmatchcase

import torch
from torch import nn
from torch.masked import as_masked_tensor


def _taps(names, pattern):
    return fm.filter(names, pattern)


class Taps(nn.Module):
    def __init__(self, keep: str = "block_[13]"):
        super().__init__()
        self.keep = keep
        self.blocks = nn.ModuleDict({f"block_{i}": nn.Linear(4, 4) for i in range(4)})

    def forward(self, x, mask):
        out = []
        for name, block in self.blocks.items():
            x = block(x)
            if fnmatchcase(name, self.keep) or fm.fnmatch(name, "*_0"):
                out.append(x)
        chosen = _taps(list(self.blocks), self.keep)
        pooled = as_masked_tensor(x, mask).sum(dim=0)
        return out, chosen, pooled
"""


def test_fnmatch_matchers_and_masked_tensors_are_flagged_for_compile():
    assert _lines(PATTERN_MATCHERS, "TL317", "compile") == [10, 23, 23, 26]
    assert _lines(PATTERN_MATCHERS, "TL317", "export") == []


PATTERNS_OUTSIDE = """
import fnmatch

import torch
from torch import nn


class Taps(nn.Module):
    def __init__(self, keep: str = "block_[13]"):
        super().__init__()
        names = [f"block_{i}" for i in range(4)]
        self.taps = [n for n in names if fnmatch.fnmatch(n, keep)]
        self.blocks = nn.ModuleDict({n: nn.Linear(4, 4) for n in names})

    def forward(self, x, mask):
        out = []
        for name, block in self.blocks.items():
            x = block(x)
            if name in self.taps:
                out.append(torch.masked_fill(x, ~mask, 0.0))
        return out
"""


def test_matching_in_the_constructor_and_masked_fill_are_not_flagged():
    assert _lines(PATTERNS_OUTSIDE, "TL317", "compile") == []


@requires_torch
def test_torch_refuses_fnmatch_and_masked_tensors_in_compiled_code():
    import fnmatch

    import pytest
    import torch
    from torch.masked import masked_tensor

    def matched(x):
        return x + 1 if fnmatch.fnmatchcase("block_1", "block_[13]") else x

    def masked(x):
        return masked_tensor(x, x > 0).sum().get_data()

    x = torch.randn(4)
    for function in (matched, masked):
        torch._dynamo.reset()
        with pytest.raises(torch._dynamo.exc.Unsupported):
            torch.compile(function, fullgraph=True, backend="eager")(x)
    # Matched outside (the constructor above), the names are a list Dynamo reads.
    taps = [n for n in ("block_0", "block_1") if fnmatch.fnmatch(n, "block_[13]")]

    def listed(x):
        return x + 1 if "block_1" in taps else x

    torch._dynamo.reset()
    assert torch.equal(torch.compile(listed, fullgraph=True, backend="eager")(x), x + 1)
