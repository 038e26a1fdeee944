"""Repairs that follow the code where it reaches: a construct the fixers repair in ``forward``
repaired the same way when ``forward`` hands its values on to a helper method, a submodule or
a module-level function (issue #23; the forms of benchmarks/variants/). Before/after text, what
is left alone, idempotence, and torch's word that the fixed code passes the back-end with eager
outputs unchanged."""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch

SCRIPT = Settings(select=("TL2",), targets=("script",), targets_explicit=True)


def _fix(source: str, settings: Settings = SCRIPT) -> str:
    outcome = fix_text("example.py", normalized(source), settings, unsafe=True)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, settings, unsafe=True)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


def _codes(source: str, settings: Settings = SCRIPT) -> list[tuple[int, str, bool]]:
    found = lint_text("example.py", normalized(source), settings).diagnostics
    return [(d.line, d.code, d.fix is not None) for d in found]


# -- TL202: an optional argument handed on ----------------------------------------------------
HELPER_METHOD = """\
import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(5, 5)

    def forward(self, h, bias=None):
        return self._gated(h, bias)

    def _gated(self, h, bias=None):
        out = self.lin(h).sigmoid()
        if bias is not None:
            out = out * bias
        return out


Model = Gate


def inputs():
    return [(torch.randn(3, 5),), (torch.randn(2, 5), torch.rand(5))]
"""

SUBMODULE = """\
import torch
from torch import nn


class Scale(nn.Module):
    def forward(self, t, weight=None):
        if weight is None:
            return t
        return t * weight


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(6)
        self.scale = Scale()

    def forward(self, t, weight=None):
        return self.scale(self.norm(t), weight=weight)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(4, 6), torch.randn(6))]
"""

FREE_FUNCTION = """\
from typing import Optional

import torch
from torch import nn


def shifted(t, offset: Optional[torch.Tensor] = None):
    return t if offset is None else t + offset


class Model(nn.Module):
    def forward(self, t, offset=None):
        return shifted(t.tanh(), offset)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(2, 3), torch.ones(3))]
"""


def test_optional_handed_to_a_helper_method_is_annotated_in_both():
    fixed = _fix(HELPER_METHOD)
    # The helper's parameter first (its uses are tested), then forward's, which hands it on.
    assert fixed.count("bias: Optional[torch.Tensor] = None") == 2
    assert "from typing import Optional" in fixed
    assert _codes(fixed) == []


def test_optional_handed_to_a_submodule_by_keyword_is_annotated():
    fixed = _fix(SUBMODULE)
    assert fixed.count("weight: Optional[torch.Tensor] = None") == 2
    assert "self.scale(self.norm(t), weight=weight)" in fixed


def test_optional_handed_to_a_function_annotated_optional_already():
    fixed = _fix(FREE_FUNCTION)
    assert "def forward(self, t, offset: Optional[torch.Tensor] = None):" in fixed
    assert fixed.count("from typing import Optional") == 1


@pytest.mark.parametrize(
    "forward, helper",
    [
        # The receiving parameter takes no None: TorchScript would reject the Optional.
        ("return self._gated(h, bias)", "def _gated(self, h, bias):\n        return h * bias"),
        # Unpacked arguments: which parameter receives it is not known.
        ("return self._gated(*(h, bias))", "def _gated(self, h, bias=None):\n        return h"),
        # Not a whole argument: `bias * 2` needs bias to be a tensor.
        ("return self._gated(h, bias * 2)", "def _gated(self, h, bias=None):\n        return h"),
    ],
    ids=["not-optional", "unpacked", "expression"],
)
def test_handed_on_where_none_could_not_pass_is_left_alone(forward, helper):
    source = f"""\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, h, bias=None):
        {forward}

    {helper}
"""
    found = [f for f in _codes(source) if f[1] == "TL202" and f[0] == 6]
    assert found == [(6, "TL202", False)]


def test_handed_to_a_torch_function_is_left_alone():
    # torch.add is no function of this file: what it accepts is not read from a signature.
    source = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, h, bias=None):
        return torch.add(h, bias)
"""
    assert _codes(source) == [(6, "TL202", False)]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    "source",
    [HELPER_METHOD, SUBMODULE, FREE_FUNCTION],
    ids=["helper-method", "submodule", "free-function"],
)
def test_fixed_code_scripts_with_eager_unchanged(source):
    from .oracle import assert_eager_unchanged, check

    source = normalized(source)
    assert not check(source, "script").ok, "nothing to repair"
    fixed = _fix(source)
    assert_eager_unchanged(source, fixed)
    verdict = check(fixed, "script")
    assert verdict.ok, f"{verdict}\n{fixed}"
    # An annotation is read by TorchScript alone: the other back-ends say what they said.
    for backend in ("trace", "compile", "export"):
        assert check(fixed, backend).ok == check(source, backend).ok, backend


# -- TL106: a row loop in a module-level helper that takes the module as `self` ----------------
FREE_ROW_LOOP = """\
import torch
from torch import nn


def encode_rows(self, feats):
    encoded = []
    for i in range(feats.size(0)):
        encoded.append(self.proj(feats[i]).tanh())
    return torch.stack(encoded)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 2)

    def forward(self, feats):
        return encode_rows(self, feats) * 2


def inputs():
    return [(torch.randn(4, 3),), (torch.randn(7, 3),)]
"""

TRACE = Settings(select=("TL105", "TL106"), targets=("trace",), targets_explicit=True)


def test_row_loop_in_a_helper_taking_self_is_batched():
    fixed = _fix(FREE_ROW_LOOP, TRACE)
    assert "    encoded = self.proj(feats).tanh()\n    return encoded\n" in fixed
    assert "for i in range" not in fixed


@pytest.mark.parametrize(
    "change",
    [
        # A convolution is no row-wise module: its rows are no rows of the batched call.
        ("self.proj = nn.Linear(3, 2)", "self.proj = nn.Conv1d(3, 2, 1)"),
        # Two classes call the helper: which module `self` is, is not known.
        (
            "\n\ndef inputs",
            "\n\nclass Other(Model):\n    def forward(self, f):\n"
            "        return encode_rows(self, f)\n\n\nclass Twin(nn.Module):\n"
            "    def __init__(self):\n        super().__init__()\n        self.proj = nn.Conv1d(3, 2, 1)\n\n"
            "    def forward(self, f):\n        return encode_rows(self, f)\n\n\ndef inputs",
        ),
    ],
    ids=["not-row-wise", "two-classes"],
)
def test_row_loop_in_a_helper_is_left_alone_when_self_is_not_known_row_wise(change):
    source = FREE_ROW_LOOP.replace(*change)
    found = [f for f in _codes(source, TRACE) if f[1] == "TL106"]
    assert found and not any(fixable for _, _, fixable in found)


def test_row_loop_in_a_helper_module_of_a_package_is_batched(tmp_path):
    # The helper in another file: the project index says what the class stores in self.proj.
    from torchlint.lint.fix_files import fix_paths

    package = tmp_path / "rowpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    helper, rest = FREE_ROW_LOOP.split("\n\nclass Model", 1)
    (package / "ops.py").write_text(helper + "\n")
    (package / "model.py").write_text(
        "import torch\nfrom torch import nn\nfrom .ops import encode_rows\n\n\nclass Model" + rest
    )
    paths = [str(package / name) for name in ("__init__.py", "model.py", "ops.py")]
    fixes = {f.path: f for f in fix_paths(paths, TRACE, unsafe=True, write=False)}
    outcome = fixes[paths[2]].outcome
    assert outcome is not None and [f.code for f in outcome.applied] == ["TL106"]
    assert "encoded = self.proj(feats).tanh()" in outcome.text
    conv = (package / "model.py").read_text().replace("nn.Linear(3, 2)", "nn.Conv1d(3, 2, 1)")
    (package / "model.py").write_text(conv)
    fixes = {f.path: f for f in fix_paths(paths, TRACE, unsafe=True, write=False)}
    assert fixes[paths[2]].outcome is None or not fixes[paths[2]].outcome.applied


@requires_torch
@pytest.mark.torch
def test_batched_helper_traces_for_every_batch_size_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    source = normalized(FREE_ROW_LOOP)
    assert not check(source, "trace").ok, "nothing to repair"
    fixed = _fix(source, TRACE)
    assert_eager_unchanged(source, fixed)
    verdict = check(fixed, "trace")
    assert verdict.ok, f"{verdict}\n{fixed}"
    # Script rejects a free function taking the module (before and after); compile and
    # export pass both.
    for backend in ("script", "compile", "export"):
        assert check(fixed, backend).ok == check(source, backend).ok, backend
