"""Session 24 (helper-225): what fresh16's script misses led to, in other spellings.

- The script rules' "does this class declare constants?" test (``has_constants``) read the
  class's text, so a comment or docstring with the word "Final" ("Finally we sum ...", in
  allencrf's CRF) made every branch on ``self.flag`` look foldable and silenced TL223 (a name
  bound to a tensor in one branch and a number in the other) and TL212 for the whole class.
  It now looks for declarations: a ``Final`` annotation (any spelling torch accepts) or
  ``__constants__``.

Each claim about torch is checked by running torch.jit.script.
"""

from __future__ import annotations

import textwrap

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# --------------------------------------------- has_constants: declarations, not words

BRANCHES = '''
import torch
from torch import nn
{imports}


class Scorer(nn.Module):
    """Scores tags. {doc}"""
{body}
    def __init__(self, gated: bool = True):
        super().__init__()
        self.gated = gated
        self.bias = nn.Parameter(torch.zeros(4))

    def forward(self, x):
        # {comment}
        if self.gated:
            total = self.bias.sum()
        else:
            total = 1.5
        return x * total
'''

FLAGGED = [
    # A word in a comment or docstring declares nothing.
    dict(imports="", doc="", body="", comment="Finally, scale the input."),
    dict(imports="", doc="Final scores are summed.", body="", comment="scale"),
    dict(imports="", doc="", body="    note: str = 'Final'\n", comment="scale"),
]
CLEAN = [
    # `gated` declared Final (three spellings) or listed in __constants__: TorchScript folds
    # the test and compiles one branch.
    dict(imports="from typing import Final", doc="", body="    gated: Final[bool]\n", comment=""),
    dict(imports="", doc="", body="    gated: torch.jit.Final[bool]\n", comment=""),
    dict(imports="", doc="", body="    __constants__ = ['gated']\n", comment=""),
]


def _source(case: dict) -> str:
    return BRANCHES.format(**case)


@pytest.mark.parametrize("case", FLAGGED)
def test_a_word_final_does_not_silence_tl223(case):
    assert [d.line for d in findings(_source(case), "TL223", "script")]


@pytest.mark.parametrize("case", CLEAN)
def test_declared_constants_still_fold(case):
    assert findings(_source(case), "TL223", "script") == []


@requires_torch
@pytest.mark.parametrize("case,fails", [(c, True) for c in FLAGGED] + [(c, False) for c in CLEAN])
def test_torch_agrees(tmp_path, case, fails):
    import torch

    module = load_module(tmp_path, textwrap.dedent(_source(case)), f"m{abs(hash(str(case)))}")
    try:
        torch.jit.script(module.Scorer())
    except RuntimeError as error:
        assert fails and "Type mismatch: total is set to type Tensor" in str(error)
    else:
        assert not fails


# ------------------- TL212: a test false for a construction of the class in the file

# `self.<flag>` bound once to a comparison of parameters (annotated or not), or the test
# spelled on the parameters themselves; the file builds the class with one value for both
# (tft-torch's GRN: `self.project_residual: bool = self.input_dim != self.output_dim`, built
# with `input_dim=self.state_size, output_dim=self.state_size`).
PROJECTED = """
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.in_ch = in_ch
        self.out_ch = out_ch
        {flag}
        if {test}:
            self.proj = nn.Linear(in_ch, out_ch)
        self.body = nn.Linear(in_ch, out_ch)

    def forward(self, x):
        if {test_fwd}:
            skip = self.proj(x)
        else:
            skip = x
        return self.body(x) + skip


class Net(nn.Module):
    def __init__(self, width: int = 4):
        super().__init__()
        self.width = width
        self.block = Block({args})

    def forward(self, x):
        return self.block(x)
"""

SPELLINGS = [
    dict(flag="self.project: bool = self.in_ch != self.out_ch", test="self.project"),
    dict(flag="self.same = in_ch == out_ch", test="not self.same"),
    dict(flag="pass", test="in_ch != out_ch", test_fwd="self.in_ch != self.out_ch"),
]


def _projected(spelling: dict, args: str) -> str:
    fields = {"test_fwd": spelling["test"], **spelling, "args": args}
    return PROJECTED.format(**fields)


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("args", ["self.width, self.width", "in_ch=width, out_ch=width"])
def test_built_with_equal_sizes_flagged(spelling, args):
    found = findings(_projected(spelling, args), "TL212", "script")
    assert [d.line for d in found] == [17], [d.message for d in found]
    assert "a construction of the class in this file" in found[0].message


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("args", ["self.width, 2 * self.width", "width, self.width"])
def test_built_with_other_sizes_clean(spelling, args):
    # Different expressions (or a value the file cannot compare): not known to be equal.
    assert findings(_projected(spelling, args), "TL212", "script") == []


@requires_torch
@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("args,fails", [("self.width, self.width", True), ("4, 8", False)])
def test_torch_agrees_built(tmp_path, spelling, args, fails):
    import torch

    name = f"p{abs(hash((str(spelling), args)))}"
    module = load_module(tmp_path, _projected(spelling, args), name)
    net = module.Net() if fails else module.Block(4, 8)
    try:
        torch.jit.script(net)
    except RuntimeError as error:
        assert fails and "has no attribute 'proj'" in str(error)
    else:
        assert not fails


# ------------------- TL202: a helper method's `mask=None` whose every call passes a tensor

HELPER = """
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        keep = x > 0
        return {calls}

    def attend(self, q, keep=None):
        if keep is not None:
            q = q * keep
        return self.proj(q)
"""

PASSED = [
    "self.attend(x, keep)",
    "self.attend(q=x, keep=keep) + self.attend(x, x.sigmoid())",
]
# A call without it (TorchScript types `keep` Tensor: None is no Tensor at run time).
OMITTED = ["self.attend(x)", "self.attend(x, keep) + self.attend(x)"]


@pytest.mark.parametrize("calls", PASSED)
def test_helper_default_never_taken_clean(calls):
    assert findings(HELPER.format(calls=calls), "TL202", "script") == []


@pytest.mark.parametrize("calls", OMITTED)
def test_helper_default_taken_flagged(calls):
    assert [d.line for d in findings(HELPER.format(calls=calls), "TL202", "script")] == [14]


@requires_torch
@pytest.mark.parametrize("calls,fails", [(c, False) for c in PASSED] + [(c, True) for c in OMITTED])
def test_torch_agrees_helper(tmp_path, calls, fails):
    import torch

    module = load_module(tmp_path, HELPER.format(calls=calls), f"h{abs(hash(calls))}")
    x = torch.randn(2, 4)
    try:
        torch.jit.script(module.Attention())(x)
    except RuntimeError:
        assert fails
    else:
        assert not fails


def test_helper_fed_by_forwards_unannotated_parameter():
    # forward's own `keep` (no default, typed Tensor) passed on: the helper's default is never
    # taken. With `keep=None` in forward (tft-torch's spelling) None reaches the helper once
    # forward is made Optional, so both are flagged and the fix annotates both
    # (tests/test_repair_reach.py scripts the result).
    source = HELPER.replace("def forward(self, x):", "def forward(self, x, keep):")
    source = source.replace("        keep = x > 0\n", "")
    assert findings(source.format(calls="self.attend(x, keep)"), "TL202", "script") == []
    source = source.replace("def forward(self, x, keep):", "def forward(self, x, keep=None):")
    assert [
        d.line for d in findings(source.format(calls="self.attend(x, keep)"), "TL202", "script")
    ] == [10, 13]


# ------------------- TL204: unpacking what an nn.Sequential returns

SEQ = """
import torch
from torch import nn
from torch.nn import Sequential


class Pair(nn.Module):
    def forward(self, x):
        return x, x + 1


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = {head}

    def forward(self, x):
        a, b = self.head(x)
        return a + b
"""

SEQ_FLAGGED = [
    "nn.Sequential(nn.Linear(4, 4), nn.ReLU())",
    "torch.nn.Sequential(nn.Linear(4, 4))",
    "Sequential(nn.Identity())",
]
# A module returning a tuple (no Sequential): TorchScript unpacks its Tuple.
SEQ_CLEAN = ["Pair()"]


@pytest.mark.parametrize("head", SEQ_FLAGGED)
def test_sequential_unpacked_flagged(head):
    assert [d.line for d in findings(SEQ.format(head=head), "TL204", "script")] == [17]


@pytest.mark.parametrize("head", SEQ_CLEAN)
def test_tuple_module_unpacked_clean(head):
    assert findings(SEQ.format(head=head), "TL204", "script") == []


@requires_torch
@pytest.mark.parametrize(
    "head,fails", [(h, True) for h in SEQ_FLAGGED] + [(h, False) for h in SEQ_CLEAN]
)
def test_torch_agrees_sequential(tmp_path, head, fails):
    import torch

    module = load_module(tmp_path, SEQ.format(head=head), f"s{abs(hash(head))}")
    try:
        torch.jit.script(module.Model())
    except RuntimeError as error:
        assert fails and "Tensor cannot be used as a tuple" in str(error)
    else:
        assert not fails


# ------------------- TL212: an attribute holding None, tested for truth

NONE_RATE = """
import torch
from torch import nn
from typing import Optional


class Norm(nn.Module):
    def __init__(self, dim: int, rate: Optional[float] = None):
        super().__init__()
        self.rate = rate
        self.drop = nn.Dropout(0.0 if rate is None else rate)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        {use}
        return self.norm(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Norm(4, {first})
        self.b = Norm(dim=4, rate={second})

    def forward(self, x):
        return self.b(self.a(x))
"""

TRUTH_USES = [
    "if self.rate:\n            x = self.drop(x)",
    "x = self.drop(x) if self.rate else x",
    "if not self.rate:\n            x = x * 1.0",
]
REFINED_USE = "if self.rate is not None:\n            x = self.drop(x)"


@pytest.mark.parametrize("use", TRUTH_USES)
@pytest.mark.parametrize("first,second", [("0.1", "None"), ("None", "0.2")])
def test_none_attribute_truth_flagged(use, first, second):
    source = NONE_RATE.format(use=use, first=first, second=second)
    found = findings(source, "TL212", "script")
    assert [d.line for d in found] == [14], [d.message for d in found]


@pytest.mark.parametrize(
    "use,first,second",
    [(u, "0.1", "0.2") for u in TRUTH_USES] + [(REFINED_USE, "None", "None")],
)
def test_none_attribute_clean(use, first, second):
    source = NONE_RATE.format(use=use, first=first, second=second)
    assert findings(source, "TL212", "script") == []


@requires_torch
@pytest.mark.parametrize(
    "use,first,second,fails",
    [(u, "0.1", "None", True) for u in TRUTH_USES]
    + [(u, "0.1", "0.2", False) for u in TRUTH_USES]
    + [(REFINED_USE, "None", "None", False)],
)
def test_torch_agrees_none_attribute(tmp_path, use, first, second, fails):
    import torch

    source = NONE_RATE.format(use=use, first=first, second=second)
    module = load_module(tmp_path, source, f"n{abs(hash((use, first, second)))}")
    try:
        torch.jit.script(module.Net())
    except RuntimeError as error:
        assert fails and "Could not cast value of type NoneType to bool" in str(error)
    else:
        assert not fails
