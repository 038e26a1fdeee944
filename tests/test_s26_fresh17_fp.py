"""Session 26 (helper-235): what fresh17's false findings on compile, trace and export led to.

- First-call set-up. dcls builds index tensors once (``if self.IDX is None or self.lim is
  None:`` makes ``Parameter(torch.arange(...), requires_grad=False)`` and
  ``torch.tensor(sizes)`` and stores them on ``self``). Run through torch 2.13 both ways: a
  fresh model fails ``torch.compile(fullgraph=True)`` at the Parameter constructor and
  ``torch.jit.trace`` warns at the ``torch.tensor`` (and fails its check: the checking call
  skips the set-up), while a model that has run once compiles and traces clean, since the set-up
  no longer runs. So the findings are true for a fresh model and not met by a warmed one: they
  stay, with a condition saying so (``FIRST_CALL``, rendered "runs only on the first call,
  while ..."), and the accuracy scorer, whose ground truth runs every model eagerly first,
  does not count them for the graph back-ends (it cannot check them), as it already does for
  findings that need autograd on. The set-up is recognised once, in lint/conditions.py, for
  every rule: a test that says some state of ``self`` is not there yet (``is None``, a bool
  flag, ``not hasattr(self, ...)``, ``getattr(self, ..., None) is None``, or the early return
  ``if self.x is not None: return ...``), and a body that stores it (assignment, ``setattr``,
  ``register_buffer``, a method of the class that assigns it). A branch that does not store what
  it tests, or whose state the function resets, runs on every call and keeps a plain finding.

Each claim about torch is checked by running torch.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from torchlint.lint.diagnostics import FIRST_CALL

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# --------------------------------------------------------------------- first-call set-up

HEAD = "import torch\nfrom torch import nn\n\n\n"

# Set-up spellings the corpus did not use: each builds a parameter (TL315, compile) once.
FIRST_CALL_PARAMETER = {
    "getattr_none": """
        class Model(nn.Module):
            def forward(self, x):
                if getattr(self, "_grid", None) is None:
                    self._grid = nn.Parameter(torch.linspace(0, 1, 4), requires_grad=False)
                return x * self._grid
        """,
    "bool_flag": """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self._built = False

            def forward(self, x):
                if not self._built:
                    self.scale = nn.Parameter(torch.full((4,), 2.0))
                    self._built = True
                return x * self.scale
        """,
    "flag_is_false_setattr": """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.ready = False

            def forward(self, x):
                if self.ready is False:
                    setattr(self, "bias", nn.Parameter(torch.zeros(4)))
                    self.ready = True
                return x + self.bias
        """,
    # The state is stored by a method of the class the branch calls.
    "not_hasattr_helper_store": """
        class Model(nn.Module):
            def _make(self, width):
                self.proj = nn.Identity()

            def forward(self, x):
                if not hasattr(self, "proj"):
                    self._make(x.shape[-1])
                    self.gain = nn.Parameter(torch.ones(4))
                return self.proj(x) * self.gain
        """,
}


def _first_call(diagnostic) -> bool:
    return (diagnostic.condition or "").endswith(FIRST_CALL)


@pytest.mark.parametrize("name", sorted(FIRST_CALL_PARAMETER))
def test_first_call_setup_is_said(name: str) -> None:
    found = findings(HEAD + textwrap.dedent(FIRST_CALL_PARAMETER[name]), "TL315", "compile")
    assert found, name
    assert all(_first_call(d) for d in found), [(d.line, d.condition) for d in found]
    assert "runs only on the first call" in found[0].message


# The set-up's work done by a method of the class that only the set-up branch calls; the same
# method also called on every call is every-call code.
HELPER_SETUP = """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.offsets = None

    def _make_offsets(self, n):
        self.offsets = nn.Parameter(torch.arange(n).float(), requires_grad=False)

    def forward(self, x):
        if self.offsets is None:
            self._make_offsets(x.shape[-1])
        return x + self.offsets
"""


def test_helper_called_only_by_setup_is_first_call() -> None:
    found = findings(HEAD + HELPER_SETUP, "TL315", "compile")
    assert [d.line for d in found] == [12]
    assert _first_call(found[0]), found[0].condition
    every = HELPER_SETUP.replace(
        "        return x + self.offsets", "        self._make_offsets(4)\n        return x"
    )
    found = findings(HEAD + every, "TL315", "compile")
    assert [d.line for d in found] == [12]
    assert not _first_call(found[0]), found[0].condition


# An early return while the state is there: the code after it runs until it stores the state.
MEMO_TABLE = """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = (4,)
        self._table = None

    def table(self):
        if self._table is not None:
            return self._table
        self._table = torch.tensor(self.sizes)
        return self._table

    def forward(self, x):
        return x + self.table()
"""


def test_first_call_after_early_return_is_said() -> None:
    found = findings(HEAD + MEMO_TABLE, "TL110", "trace")
    assert [d.line for d in found] == [15]
    assert _first_call(found[0]), found[0].condition


# Look-alikes that run on every call: the finding keeps no first-call condition.
EVERY_CALL_PARAMETER = {
    # Tests one attribute, stores another: the test never changes.
    "stores_other": """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.cache = None

            def forward(self, x):
                if self.cache is None:
                    self.scale = nn.Parameter(torch.ones(4), requires_grad=False)
                return x * self.scale
        """,
    # Stores None again: the state is never there.
    "stores_none": """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.grid = None

            def forward(self, x):
                if self.grid is None:
                    scale = nn.Parameter(torch.ones(4))
                    self.grid = None
                    return x * scale
                return x
        """,
    # The flag is reset by the same function: the branch runs every call.
    "reset_each_call": """
        class Model(nn.Module):
            def forward(self, x):
                self._done = False
                if not self._done:
                    self.w = nn.Parameter(torch.ones(4))
                    self._done = True
                return x * self.w
        """,
    # The test says the state is there: this is the every-call path.
    "present_branch": """
        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.w = None

            def forward(self, x):
                if self.w is not None:
                    self.w = nn.Parameter(torch.ones(4))
                return x
        """,
    # A config flag the branch does not store.
    "config_flag": """
        class Model(nn.Module):
            def __init__(self, use_bias: bool = False):
                super().__init__()
                self.use_bias = use_bias

            def forward(self, x):
                if not self.use_bias:
                    self.bias = nn.Parameter(torch.zeros(4))
                return x
        """,
}


@pytest.mark.parametrize("name", sorted(EVERY_CALL_PARAMETER))
def test_every_call_branch_is_not_first_call(name: str) -> None:
    found = findings(HEAD + textwrap.dedent(EVERY_CALL_PARAMETER[name]), "TL315", "compile")
    assert found, name
    assert not any(_first_call(d) for d in found), [(d.line, d.condition) for d in found]
    assert "runs only on the first call" not in found[0].message


def _model(tmp_path: Path, source: str, name: str):
    return load_module(tmp_path, HEAD + textwrap.dedent(source), name).Model


@requires_torch
def test_torch_fresh_model_fails_compile_warmed_one_compiles(tmp_path: Path) -> None:
    import torch

    for name in ("bool_flag", "getattr_none"):
        cls = _model(tmp_path, FIRST_CALL_PARAMETER[name], f"s26fp_{name}")
        x = torch.randn(3, 4)
        torch._dynamo.reset()
        with pytest.raises(Exception, match="Parameter"):
            torch.compile(cls(), fullgraph=True, backend="eager")(x)
        torch._dynamo.reset()
        warmed = cls()
        expected = warmed(x)
        got = torch.compile(warmed, fullgraph=True, backend="eager")(x)
        assert torch.equal(got, expected)
        torch._dynamo.reset()


@requires_torch
def test_torch_every_call_branch_fails_compile_even_warmed(tmp_path: Path) -> None:
    import torch

    cls = _model(tmp_path, EVERY_CALL_PARAMETER["stores_other"], "s26fp_stores_other")
    warmed = cls()
    x = torch.randn(3, 4)
    warmed(x)
    torch._dynamo.reset()
    with pytest.raises(Exception, match="Parameter"):
        torch.compile(warmed, fullgraph=True, backend="eager")(x)
    torch._dynamo.reset()


def _tracer_warning_lines(model, x) -> tuple[list[int], object]:
    import torch

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, (x,), check_trace=False)
    lines = [w.lineno for w in caught if issubclass(w.category, torch.jit.TracerWarning)]
    return lines, traced


@requires_torch
def test_torch_trace_warns_on_fresh_setup_only(tmp_path: Path) -> None:
    import torch

    cls = _model(tmp_path, MEMO_TABLE, "s26fp_memo_table")
    x = torch.randn(3, 4)
    fresh_lines, _ = _tracer_warning_lines(cls(), x)
    assert 15 in fresh_lines  # HEAD is 4 lines: the torch.tensor of the set-up
    with pytest.raises(torch.jit.TracingCheckError):
        torch.jit.trace(cls(), (x,))  # the checking call skips the set-up: graphs differ
    warmed = cls()
    warmed(x)
    warm_lines, traced = _tracer_warning_lines(warmed, x)
    assert warm_lines == []
    other = torch.randn(5, 4)
    assert torch.equal(traced(other), warmed(other))


# ----------------------------------------------------------------------------- the scorer

ACCURACY = Path(__file__).resolve().parent.parent / "benchmarks" / "accuracy"


def _load_score():
    spec = importlib.util.spec_from_file_location("accuracy_score_s26fp", ACCURACY / "score.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_scorer_leaves_first_call_claims_of_graph_backends_unchecked() -> None:
    """The real findings' conditions are what the scorer reads (its matching of them against a
    ground truth is tests/test_accuracy_scorer.py's)."""
    score = _load_score()
    first = findings(HEAD + textwrap.dedent(FIRST_CALL_PARAMETER["bool_flag"]), "TL315", "compile")
    every = findings(
        HEAD + textwrap.dedent(EVERY_CALL_PARAMETER["stores_other"]), "TL315", "compile"
    )
    assert score.first_call_only(first[0].to_dict())
    assert not score.first_call_only(every[0].to_dict())


# ------------------------------------------------------- torch.equal bound to a Python bool
# gpytorch's `x1_eq_x2 = torch.equal(x1, x2)` ... `if x1_eq_x2:`: torch 2.13 stops at the call
# for compile and export (used or not), and the trace keeps the branch the example's bool took,
# without a TracerWarning. Other spellings: allclose bound to a name, tested under `not`, and a
# call whose result only scales the output.

EQUAL_BOUND = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, a, b):
        close = torch.allclose(a, b, atol=1e-6)
        out = a * 2
        if not close:
            out = out + b
        return out
"""

EQUAL_UNBRANCHED = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, a, b):
        weight = float(torch.equal(a, b)) + 1.0
        return a * weight
"""


def test_data_bool_call_is_flagged_at_the_call_for_compile_and_export() -> None:
    for backend in ("compile", "export"):
        assert [d.line for d in findings(EQUAL_BOUND, "TL101", backend)] == [7], backend
        assert [d.line for d in findings(EQUAL_UNBRANCHED, "TL101", backend)] == [7], backend
    # The branch on the bool is the trace's problem only.
    assert [d.line for d in findings(EQUAL_BOUND, "TL101", "trace")] == [9]


# Look-alikes: comparisons of sizes, and a bool the function rebinds from a config flag.
EQUAL_LOOKALIKE = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, symmetric: bool = True):
        super().__init__()
        self.symmetric = symmetric

    def forward(self, a, b):
        same = a.shape == b.shape and self.symmetric
        if same:
            return a + b
        return a - b


def check(model, a, b):
    return torch.equal(model(a, b), model(b, a))
"""


def test_data_bool_lookalikes_are_not_flagged() -> None:
    for backend in ("compile", "export", "trace"):
        assert findings(EQUAL_LOOKALIKE, "TL101", backend) == [], backend


@requires_torch
def test_torch_stops_at_the_data_bool_call(tmp_path: Path) -> None:
    import torch

    a = torch.randn(3, 4)
    for source, name in ((EQUAL_BOUND, "s26fp_eq_bound"), (EQUAL_UNBRANCHED, "s26fp_eq_unbr")):
        model = load_module(tmp_path, source, name).Model()
        torch._dynamo.reset()
        with pytest.raises(Exception, match="Data dependent operator") as raised:
            torch.compile(model, fullgraph=True, backend="eager")(a, a.clone())
        # Dynamo names the user frame in its message ("from user code: File ..., line N").
        lines = re.findall(rf'{name}\.py", line (\d+)', str(raised.value))
        assert lines and lines[-1] == "7", str(raised.value)[-400:]
        torch._dynamo.reset()
        with pytest.raises(Exception, match="aten.(allclose|equal)") as raised:
            torch.export.export(model, (a, a.clone()))
        frames = [f for f in _frames(raised.value) if f.filename.endswith(f"{name}.py")]
        assert frames and frames[-1].lineno == 7


def _frames(exc: BaseException):
    import traceback

    frames = []
    while exc is not None:
        frames.extend(traceback.extract_tb(exc.__traceback__))
        exc = exc.__cause__ or exc.__context__
    return frames


@requires_torch
def test_torch_trace_keeps_the_bools_branch_silently(tmp_path: Path) -> None:
    import torch

    model = load_module(tmp_path, EQUAL_BOUND, "s26fp_eq_trace").Model()
    a = torch.randn(3, 4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, (a, a.clone()))
    assert not [w for w in caught if issubclass(w.category, torch.jit.TracerWarning)]
    b = torch.randn(3, 4)
    assert not torch.equal(traced(a, b), model(a, b))
