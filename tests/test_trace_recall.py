"""Trace recall on forms real model code uses and the rules' examples did not spell out
(issue 21): sizes turned into Python or NumPy numbers, autograd.Function forwards reached
through ``.apply``, sizes unpacked around a starred name, kinds of values built by
comprehensions and ``map``. Each form carries torch's label (tests marked torch): it warns,
fails or diverges where marked, and converts and agrees with eager where not."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch


def _findings(source: str, code: str) -> list:
    result = lint_text("model.py", source, Settings(select=(code,)))
    assert not result.errors, result.errors
    return [d for d in result.diagnostics if d.code == code]


def _model(forward: str, inputs: str, extra: str = "") -> str:
    """A runnable example: ``Model.forward(self, x)`` with ``forward`` as its body."""
    body = textwrap.indent(textwrap.dedent(forward).strip("\n"), " " * 8)
    return (
        "import math\nimport numpy as np\nimport torch\nfrom torch import nn\n\n"
        f"{textwrap.dedent(extra).strip()}\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.p = 2\n\n"
        "    def forward(self, x):\n"
        f"{body}\n\n"
        f"def inputs():\n    return {inputs}\n"
    )


TWO_SIZES = "[(torch.randn(2, 4, 4),), (torch.randn(3, 6, 4),)]"
SAME_SIZES = "[(torch.randn(3, 3, 4),), (torch.randn(3, 3, 4) + 1,)]"
SIGNS = "[(torch.ones(2, 4),), (-torch.ones(2, 4),)]"

FUNCTION = """
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        if a.shape[0] > 2:
            return a * 2
        return a

    @staticmethod
    def backward(ctx, grad):
        return grad

double = Double.apply
"""

PLAIN_FUNCTION = """
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        if ctx.needs_input_grad[0]:
            return a * 2
        return a * 2

    @staticmethod
    def backward(ctx, grad):
        return grad * 2
"""

PARTIAL_HELPER = """
import functools

def model_forward(self, x):
    h = torch.relu(x) - 0.5
    if h.sum() > 0:
        return h * 2
    return h
"""

# Kinds of its parameters come only from the call: through a partial or a local alias.
ARGUMENT_HELPER = """
import functools

def model_forward(self, x, gate):
    if gate > 0:
        return x * 2
    return x
"""

# (id, forward body, inputs, helpers, code, torch fails under trace)
FORMS = [
    # A size made a Python or NumPy number: the tracer records a constant. The last
    # dimension's is a feature size the weights fix (the trace stays right, but torch warns:
    # a finding that names trace as a warning, session 29); a rank or a setting is a number
    # already.
    ("sqrt-last-dim", "return x / math.sqrt(x.shape[-1])", TWO_SIZES, "", "TL106", True),
    # `numel()` counts every dimension: it varies with any of them.
    (
        "min-of-numel",
        "k = min(6, x.numel())\nreturn x.flatten().topk(k).values",
        "[(torch.randn(1, 2, 2),), (torch.randn(2, 3, 4),)]",
        "",
        "TL106",
        True,
    ),
    (
        "sqrt-last-dim-name",
        "d = x.shape[-1] // self.p\nreturn x / math.sqrt(d)",
        TWO_SIZES,
        "",
        "TL106",
        True,
    ),
    ("sqrt-batch", "return x / math.sqrt(x.shape[0])", TWO_SIZES, "", "TL106", True),
    (
        "log2-unpacked",
        "b, n, d = x.size()\nreturn x * int(math.log2(n))",
        TWO_SIZES,
        "",
        "TL106",
        True,
    ),
    (
        "numpy-ceil-batch",
        "k = int(np.ceil(x.shape[0] / 2))\nreturn x * k",
        TWO_SIZES,
        "",
        "TL106",
        True,
    ),
    ("sqrt-rank", "return x / math.sqrt(x.dim())", TWO_SIZES, "", "TL106", False),
    ("sqrt-setting", "return x / math.sqrt(self.p)", TWO_SIZES, "", "TL106", False),
    # Sizes unpacked around a starred name: the starred name holds sizes too.
    (
        "star-target-check",
        "b, *rest, device = *x.shape, x.device\nassert rest[0] <= 16\nreturn x * 2",
        TWO_SIZES,
        "",
        "TL109",
        True,
    ),
    (
        "star-target-branch",
        "b, *rest, device = *x.shape, x.device\nif rest[-1] > 3:\n    x = x * 2\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        True,
    ),
    (
        "star-target-setting",
        "b, *rest = self.p, 3, 4\nif rest[0] > 3:\n    x = x * 2\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        False,
    ),
    # What `map` gives: tensors from a lambda or a torch function over tensors.
    (
        "map-lambda",
        "ys = list(map(lambda t: t * 2, (x, x)))\nif ys[0].sum() > 0:\n    x = x * 2\nreturn x",
        SIGNS,
        "",
        "TL101",
        True,
    ),
    (
        "map-torch",
        "ys = list(map(torch.neg, [x]))\nif ys[0].sum() > 0:\n    x = x * 2\nreturn x",
        SIGNS,
        "",
        "TL101",
        True,
    ),
    (
        "map-settings",
        "ws = list(map(lambda v: v * 2, (self.p, 3)))\nif ws[0] > 3:\n    x = x * 2\nreturn x",
        SIGNS,
        "",
        "TL101",
        False,
    ),
    # A function reached only through `functools.partial(f, self)(x)` is graph code.
    (
        "partial-inline",
        "return functools.partial(model_forward, self)(x)",
        SIGNS,
        PARTIAL_HELPER,
        "TL101",
        True,
    ),
    (
        "partial-inline-setting",
        "return functools.partial(model_forward, self)(x)",
        SIGNS,
        PARTIAL_HELPER.replace("h.sum() > 0", "self.p > 1"),
        "TL101",
        False,
    ),
    (
        "partial-bound",
        "run = functools.partial(model_forward, self)\nreturn run(x, x.sum())",
        SIGNS,
        ARGUMENT_HELPER,
        "TL101",
        True,
    ),
    (
        "partial-bound-keyword",
        "run = functools.partial(model_forward, self, gate=x.mean())\nreturn run(x)",
        SIGNS,
        ARGUMENT_HELPER,
        "TL101",
        True,
    ),
    (
        "alias-bound",
        "run = model_forward\nreturn run(self, x, x.sum())",
        SIGNS,
        ARGUMENT_HELPER,
        "TL101",
        True,
    ),
    (
        "alias-branches-kwargs",
        "if self.p > 1:\n    run = model_forward\nelse:\n    run = other_forward\n"
        "options = {}\nreturn run(self, x, **options, gate=x.sum())",
        SIGNS,
        ARGUMENT_HELPER + "\ndef other_forward(self, x, gate):\n    return x\n",
        "TL101",
        True,
    ),
    (
        "partial-bound-setting",
        "run = functools.partial(model_forward, self)\nreturn run(x, self.p)",
        SIGNS,
        ARGUMENT_HELPER,
        "TL101",
        False,
    ),
    # Sizes of a tensor built from Python values are the same for every input: a loop over
    # one keeps its count, and its index is no traced size; comparing with the size itself
    # still converts a traced size (TracerWarning).
    (
        "range-over-constant-tensor",
        "w = x.new_tensor([0.5, 0.25, 0.25])\nfor i in range(w.shape[0]):\n"
        "    x = x * w[i]\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        False,
    ),
    (
        "index-of-range-over-constant",
        "w = torch.tensor([0.5, 0.25, 0.25])\nn = 3\nfor i in range(n):\n"
        "    if i < n - 1:\n        x = x * w[i]\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        False,
    ),
    (
        "compare-with-constant-tensor-size",
        "w = x.new_tensor([0.5, 0.25, 0.25])\nlevels = w.shape[0]\nfor i in range(levels):\n"
        "    if i < levels - 1:\n        x = x * w[i]\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        True,
    ),
    (
        "range-over-input-size",
        "out = x\nfor i in range(x.shape[0]):\n    out = out + x[i]\nreturn out",
        TWO_SIZES,
        "",
        "TL106",
        True,
    ),
    # A value whose kind the linter cannot follow (through a dict): its `.size()` and
    # `.shape` are a tensor's, traced sizes.
    (
        "size-of-unknown-value",
        'parts = {"x": x}\nreturn grow(parts["x"])',
        TWO_SIZES,
        "def grow(a):\n    if a.size(0) > 2:\n        return a * 2\n    return a\n",
        "TL106",
        True,
    ),
    (
        "shape-of-unknown-value",
        'parts = {"x": x}\nreturn grow(parts["x"])',
        TWO_SIZES,
        "def grow(a):\n    if a.shape[0] > 2:\n        return a * 2\n    return a\n",
        "TL106",
        True,
    ),
    # An autograd.Function's forward is graph code when `.apply` (or a name bound to it) runs.
    ("function-apply", "return Double.apply(x)", TWO_SIZES, FUNCTION, "TL106", True),
    ("function-alias", "return double(x)", TWO_SIZES, FUNCTION, "TL106", True),
    # Its `ctx` is not a tensor: testing `ctx.needs_input_grad` decides on no data.
    ("function-ctx", "return Double.apply(x)", TWO_SIZES, PLAIN_FUNCTION, "TL101", False),
]


@pytest.mark.parametrize(
    ("forward", "inputs", "extra", "code", "fails"),
    [pytest.param(*form[1:], id=form[0]) for form in FORMS],
)
def test_trace_finding_follows_the_form(forward, inputs, extra, code, fails):
    found = _findings(_model(forward, inputs, extra), code)
    assert any("trace" in d.targets for d in found) == fails, [(d.line, d.message) for d in found]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("forward", "inputs", "extra", "code", "fails"),
    [pytest.param(*form[1:], id=form[0]) for form in FORMS],
)
def test_torch_labels_the_trace_form(forward, inputs, extra, code, fails):
    from .oracle import check

    source = _model(forward, inputs, extra)
    lines = [d.line for d in _findings(source, code)] or [None]
    verdicts = [check(source, "trace", warning_line=line) for line in lines]
    assert any(not v.ok for v in verdicts) == fails, verdicts


# `int(...)` makes a Python number; `min` of it and a size may give that number, so a later
# `max` of the result compares no tensor: torch does not warn there, and TL106 says nothing.
PYTHON_NUMBER = "cap = min(x.shape[0], int(x.shape[0] * 0.5))\ncap = max(cap, 1)\nreturn x * cap"


def test_min_with_a_converted_number_is_not_a_traced_size():
    source = _model(PYTHON_NUMBER, SAME_SIZES)
    second = source.splitlines().index("        cap = max(cap, 1)") + 1
    lines = [d.line for d in _findings(source, "TL106")]
    assert second not in lines and second - 1 in lines, lines


@requires_torch
@pytest.mark.torch
def test_torch_does_not_warn_on_min_of_a_converted_number():
    from .oracle import check

    source = _model(PYTHON_NUMBER, SAME_SIZES)
    second = source.splitlines().index("        cap = max(cap, 1)") + 1
    assert check(source, "trace", warning_line=second).ok
    assert not check(source, "trace", warning_line=second - 1).ok


# Arithmetic on a number `int(...)` made is a Python number too: the loop's count is baked
# in where `int` converts (TracerWarning there), not again at `range`.
CONVERTED_ARITHMETIC = (
    "n = int(math.log2(x.shape[1]))\nfor _ in range(n - 1):\n    x = x * 2\nreturn x"
)


def test_arithmetic_on_a_converted_number_is_not_a_traced_size():
    source = _model(CONVERTED_ARITHMETIC, SAME_SIZES)
    loop = source.splitlines().index("        for _ in range(n - 1):") + 1
    lines = [d.line for d in _findings(source, "TL106")]
    assert loop not in lines and loop - 1 in lines, lines


@requires_torch
@pytest.mark.torch
def test_torch_warns_at_the_conversion_not_at_the_loop():
    from .oracle import check

    source = _model(CONVERTED_ARITHMETIC, SAME_SIZES)
    loop = source.splitlines().index("        for _ in range(n - 1):") + 1
    assert check(source, "trace", warning_line=loop).ok
    assert not check(source, "trace", warning_line=loop - 1).ok


OPTIONAL_NORM = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self, use_norm: bool = True):
            super().__init__()
            if use_norm:
                self.norm = nn.LayerNorm(4)
            else:
                self.norm = None

        def forward(self, x):
            h = x
            if self.norm is not None:
                h = self.norm(x)
            return h
"""


def test_an_attribute_set_to_a_module_or_none_is_called_as_the_module():
    # None is never called: `self.norm(x)` is the LayerNorm's output whichever branch ran.
    from torchlint.lint.semantic.kinds import Kind

    from .semantic_helpers import kinds_in

    assert kinds_in(OPTIONAL_NORM, "Model.forward")["h"] == Kind.TENSOR
    one_line = OPTIONAL_NORM.replace(
        """            if use_norm:
                self.norm = nn.LayerNorm(4)
            else:
                self.norm = None
""",
        "            self.norm = nn.LayerNorm(4) if use_norm else None\n",
    )
    assert one_line != OPTIONAL_NORM
    assert kinds_in(one_line, "Model.forward")["h"] == Kind.TENSOR


SCAN = """
    import math
    import torch

    def npo2(n):
        return 2 ** math.ceil(math.log2(n))

    class Scan(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            n = a.size(1)
            if n == npo2(n):
                return a + b
            return a * b

        @staticmethod
        def backward(ctx, grad):
            return grad, grad

    scan = Scan.apply
"""

SCAN_USER = """
    import torch
    from torch import nn

    from pkg.scan import scan

    class Model(nn.Module):
        def forward(self, x):
            return scan(torch.exp(x), x)
"""


def test_function_alias_imported_from_another_file(tmp_path):
    from torchlint.lint.run import lint_files

    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "scan.py").write_text(textwrap.dedent(SCAN).lstrip("\n"))
    (package / "model.py").write_text(textwrap.dedent(SCAN_USER).lstrip("\n"))
    results = lint_files(
        [str(package / "model.py"), str(package / "scan.py")], Settings(select=("TL106",))
    )
    found = sorted(
        (Path(r.path).name, d.line) for r in results for d in r.diagnostics if d.code == "TL106"
    )
    # npo2's math on the size its caller passes, and the forward's test of it.
    assert ("scan.py", 11) in found and ("scan.py", 5) in found, found


PROPERTY = """
    import torch
    from torch import nn

    class Model(nn.Module):
        {unused}
        @property
        def scales(self):
            def double(v):
                return v * 2
            return [double(1.0)]

        def forward(self, x):
            return x * 2

    def inputs():
        return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

PROPERTY_FORMS = [
    pytest.param("", True, id="property-compiled"),
    pytest.param('__jit_unused_properties__ = ["scales"]', False, id="property-unused"),
]


def _property_source(unused: str) -> str:
    return textwrap.dedent(PROPERTY).lstrip("\n").replace("{unused}", unused or "pass")


@pytest.mark.parametrize(("unused", "fails"), PROPERTY_FORMS)
def test_scripting_a_module_compiles_its_properties(unused, fails):
    source = _property_source(unused)
    result = lint_text(
        "model.py", source, Settings(select=("TL204",), targets=("script",), targets_explicit=True)
    )
    assert not result.errors, result.errors
    assert bool(result.diagnostics) == fails, [(d.line, d.message) for d in result.diagnostics]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("unused", "fails"), PROPERTY_FORMS)
def test_torch_scripts_properties_unless_unused(unused, fails):
    from .oracle import check

    assert check(_property_source(unused), "script").ok != fails


MODULE_AS_SELF = """
import functools
import torch
from torch import nn


def model_forward(self, x):
    h = self.fc(x)
    if h.sum() > 0:
        return h * 2
    return h - 1


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return {call}


def inputs():
    return [(torch.ones(2, 4) * 3,), (-torch.ones(3, 4) * 3,)]
"""

MODULE_AS_SELF_CALLS = [
    pytest.param("model_forward(self, x)", id="called"),
    pytest.param("functools.partial(model_forward, self)(x)", id="partial"),
]


@pytest.mark.parametrize("call", MODULE_AS_SELF_CALLS)
def test_a_function_taking_the_module_as_self_reads_its_submodules(call):
    source = MODULE_AS_SELF.lstrip("\n").replace("{call}", call)
    assert [d.line for d in _findings(source, "TL101")] == [8]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("call", MODULE_AS_SELF_CALLS)
def test_torch_bakes_in_the_branch_of_a_function_taking_the_module(call):
    from .oracle import check

    source = MODULE_AS_SELF.lstrip("\n").replace("{call}", call)
    assert not check(source, "trace", warning_line=8).ok


def test_numpy_of_parameters_alone_is_not_claimed_for_trace_but_for_export():
    source = textwrap.dedent(
        """
        import numpy as np
        import torch
        from torch import nn

        class Model(nn.Linear):
            def forward(self, x):
                w = self.weight.detach()
                scale = np.linalg.norm(w)
                return nn.functional.linear(x, self.weight / scale, self.bias) + np.tanh(x.numpy()).sum()
        """
    )
    found = {d.line: d.targets for d in _findings(source, "TL306")}
    assert "trace" not in found[9] and "export" in found[9]
    assert "trace" in found[10]


def test_a_running_statistic_updated_in_forward_is_no_constant_of_the_module():
    source = textwrap.dedent(
        """
        import math
        import torch
        from torch import nn

        def momentum(step, total):
            return math.cos(math.pi * step / total)

        class Observer(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("max_val", torch.tensor(0.0))
                self.register_buffer("scale", torch.tensor(2.0))
                self.register_buffer("step", torch.zeros(()))

            def forward(self, x):
                self.max_val.copy_(torch.maximum(self.max_val, x.detach().abs().max()))
                a = max(abs(self.max_val.item()), 1e-8)
                b = self.scale.item()
                return x / a * b * momentum(self.step, 10)
        """
    )
    findings = _findings(source, "TL103")
    found = {d.line: set(d.targets) for d in findings}
    messages = {d.line: d.message for d in findings}
    # Updated from the data on every call: the trace's constant is wrong for the next input.
    assert "trace" in found[18]
    assert "weights loaded" not in messages[18]
    # A float buffer compared through abs(): export cannot pick the winner.
    assert "export" in found[18]
    # Never updated: the same number for every input, kept as a constant (torch warns).
    assert "trace" in found[19]
    assert "weights loaded into the traced module later" in messages[19]
    # A helper's parameter that every call gives a tensor: math reads its data.
    math_lines = {d.line for d in _findings(source, "TL102")}
    assert 7 in math_lines


def test_a_cache_regrown_when_its_shape_differs_is_not_a_size_decision():
    source = textwrap.dedent(
        """
        import torch
        from torch import nn

        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.grid = torch.zeros(1)

            def forward(self, p):
                if self.grid.shape[2:4] != p.shape[2:4]:
                    self.grid = torch.zeros(p.shape[2], p.shape[3])
                if p.shape[-2:] != (8, 8):
                    p = p * 2
                return p + self.grid
        """
    )
    lines = {d.line for d in _findings(source, "TL106")}
    assert 11 not in lines and 13 in lines


def test_a_helper_takes_a_size_from_graph_code_whatever_other_code_passes_it(tmp_path):
    """dc1d's `output_length(length: int, ...)` in `ops.py`: `forward` in `nn.py` passes
    `x.shape[-1]`, a method no graph code calls passes an int; the trace runs forward's call,
    whose test on the length is a size test (torch 2.13 warns there)."""
    from torchlint.lint.run import lint_files

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "ops.py").write_text(
        "def output_length(length: int, kernel_size: int) -> int:\n"
        "    if length < kernel_size:\n"
        "        return 0\n"
        "    return length - kernel_size + 1\n"
    )
    (tmp_path / "pkg" / "layers.py").write_text(
        textwrap.dedent(
            """
            from torch import nn

            from pkg.ops import output_length


            class Model(nn.Module):
                def expected(self, length: int) -> int:
                    padded = length + sum(self.pads)
                    return output_length(padded, 3)

                def forward(self, x):
                    n = output_length(x.shape[-1], 3)
                    return x[..., :n]
            """
        )
    )
    results = lint_files(
        [str(tmp_path / "pkg" / "ops.py"), str(tmp_path / "pkg" / "layers.py")],
        settings=Settings(select=("TL106",)),
    )
    found = {(Path(r.path).name, d.line) for r in results for d in r.diagnostics}
    assert ("ops.py", 2) in found


def test_a_method_of_an_object_made_from_a_dict_of_classes_learns_its_arguments_kinds():
    """torchdiffeq's `solver = SOLVERS[method](func=f, y0=y0); solver.integrate(t)`: `t` is
    the forward's tensor, and the loop over `zip(t[:-1], t[1:])` unrolls under trace."""
    source = textwrap.dedent(
        """
        import torch
        from torch import nn


        class Euler:
            def __init__(self, func, y0):
                self.func = func
                self.y0 = y0

            def integrate(self, t):
                y = self.y0
                for t0, t1 in zip(t[:-1], t[1:]):
                    y = y + (t1 - t0) * self.func(y)
                return y


        SOLVERS = {"euler": Euler}


        class Model(nn.Module):
            def forward(self, y0, t):
                solver = SOLVERS["euler"](func=torch.tanh, y0=y0)
                return solver.integrate(t)
        """
    )
    assert [d.line for d in _findings(source, "TL105")] == [13]
