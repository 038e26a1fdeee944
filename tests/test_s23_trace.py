"""Session 23 (helper-216): what fresh14's trace and script misses led to, in other spellings.

- A function library's class re-exported from a private module (torchsde's ``__init__``
  imports ``BrownianInterval`` from ``torchsde._brownian``, which imports it from
  ``brownian_interval``) is its API: its ``__init__`` / ``__call__`` and public methods are graph
  code wherever a model uses it.
- A function that returns project classes bare (torchsde's ``select(method)``: ``return
  Euler``) is a factory of classes: ``cls = pick(name); obj = cls(...)`` constructs one of them
  and ``obj.advance(x)`` runs their method (and learns its arguments' kinds).
- A name imported from a project module that binds it once to a dict, list, set, tuple,
  number, string or bool is a Python global to TorchScript (torchrbf's ``RADIAL_FUNCS``), as is
  ``mod.NAME`` for a dict, list or set (a number or tuple read so is a constant).
- A local list that only sizes are appended to (torchsde's ``batch_sizes``) is a list of
  0-dim tensors while tracing; so are its items and a loop variable over it or over a shape.

Each claim about torch is checked by running torch.jit.trace / torch.jit.script.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings as _findings
from .lint_helpers import load_module, project_findings


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))


def _line_of(text: str, needle: str) -> int:
    for number, line in enumerate(textwrap.dedent(text).lstrip("\n").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def _import(root: Path, name: str):  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(root))
    try:
        importlib.invalidate_caches()
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(root))


def _tracer_lines(fn, *args) -> set[tuple[str, int]]:  # type: ignore[no-untyped-def]
    """(file name, line) of the TracerWarnings torch.jit.trace raises on ``fn``."""
    import torch

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(fn, args, check_trace=False)
    return {
        (Path(w.filename).name, w.lineno)
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning)
    }


# ------------------------------------------------------------ a class re-exported as API

REEXPORTED = {
    "ilib/__init__.py": "from ._impl import Lookup\n",
    "ilib/_impl/__init__.py": "from .table import Lookup\n",
    "ilib/_impl/table.py": """
        import torch


        class Lookup:
            def __init__(self, knots):
                self.knots = knots

            def __call__(self, t):
                if t.max() > self.knots.max():
                    t = t.clamp(max=1.0)
                return torch.searchsorted(self.knots, t.contiguous())
        """,
}
# The same class, which the package's public modules do not export: no API, no graph code.
UNEXPORTED = {**REEXPORTED, "ilib/__init__.py": "from ._impl import table as _table\n"}


def test_class_reexported_from_private_module_is_api(tmp_path: Path) -> None:
    line = _line_of(REEXPORTED["ilib/_impl/table.py"], "if t.max()")
    assert project_findings(tmp_path / "a", REEXPORTED, "TL101", "trace") == [("table.py", line)]
    assert project_findings(tmp_path / "b", UNEXPORTED, "TL101", "trace") == []


@requires_torch
def test_torch_warns_in_the_reexported_class(tmp_path: Path) -> None:
    import torch

    _write(tmp_path, REEXPORTED)
    ilib = _import(tmp_path, "ilib")
    lookup = ilib.Lookup(torch.linspace(0, 1, 5))

    def query(t):  # type: ignore[no-untyped-def]
        return lookup(t)

    line = _line_of(REEXPORTED["ilib/_impl/table.py"], "if t.max()")
    assert ("table.py", line) in _tracer_lines(query, torch.rand(6))


# ------------------------------------------------------------ a factory of classes

FACTORY = {
    "steplib/__init__.py": "from .run import integrate\n",
    "steplib/run.py": """
        import torch

        from . import _kinds


        def integrate(y, ts, name="half"):
            make = _kinds.choose(name)
            stepper = make(0.5)
            return stepper.advance(y, ts.float())
        """,
    "steplib/_kinds.py": """
        class Half:
            def __init__(self, h):
                self.h = h

            def advance(self, y, ts):
                for t in ts:
                    y = y + self.h * t
                return y


        class Full(Half):
            pass


        def choose(name):
            if name == "half":
                return Half
            return Full
        """,
}


def test_method_of_a_class_a_factory_returns_is_reached(tmp_path: Path) -> None:
    line = _line_of(FACTORY["steplib/_kinds.py"], "for t in ts")
    assert project_findings(tmp_path, FACTORY, "TL105", "trace") == [("_kinds.py", line)]


def test_factory_returning_an_instance_local_is_no_class_factory(tmp_path: Path) -> None:
    # `return obj` of a local instance returns no class: nothing is reached through it.
    files = dict(FACTORY)
    original = FACTORY["steplib/_kinds.py"]
    files["steplib/_kinds.py"] = original.replace("return Half", "made = Half(1.0)").replace(
        "return Full", "return made"
    )
    assert files["steplib/_kinds.py"] != original
    assert project_findings(tmp_path, files, "TL105", "trace") == []


@requires_torch
def test_torch_warns_in_the_factory_class(tmp_path: Path) -> None:
    import torch

    _write(tmp_path, FACTORY)
    steplib = _import(tmp_path, "steplib")
    line = _line_of(FACTORY["steplib/_kinds.py"], "for t in ts")
    lines = _tracer_lines(steplib.integrate, torch.randn(2, 3), torch.rand(4))
    assert ("_kinds.py", line) in lines


# ------------------------------------------------------------ imported globals in script

GLOBALS = {
    "glib/__init__.py": "",
    "glib/consts.py": """
        import torch


        def lin(r):
            return -r


        KERNELS = {"lin": lin}
        WEIGHTS = [1.0, 2.0]
        SCALE = 0.5
        MODE = "lin"
        AXES = (1,)
        """,
    "glib/model.py": """
        import torch
        from torch import nn

        from . import consts
        from .consts import AXES, KERNELS, MODE, SCALE


        class ByName(nn.Module):
            def forward(self, x):
                if MODE in KERNELS:
                    return x * SCALE
                return x.sum(AXES)


        class ThroughModule(nn.Module):
            def forward(self, x):
                return x * consts.WEIGHTS[0]


        class Constants(nn.Module):
            def forward(self, x):
                return x.sum(consts.AXES) * consts.SCALE + len(consts.MODE)
        """,
}


def test_imported_globals_are_flagged_for_script(tmp_path: Path) -> None:
    model = GLOBALS["glib/model.py"]
    found = project_findings(tmp_path, GLOBALS, "TL207", "script")
    assert found == [
        ("model.py", _line_of(model, "if MODE in KERNELS")),
        ("model.py", _line_of(model, "if MODE in KERNELS")),
        ("model.py", _line_of(model, "return x * SCALE")),
        ("model.py", _line_of(model, "return x.sum(AXES)")),
        ("model.py", _line_of(model, "consts.WEIGHTS[0]")),
    ]


@requires_torch
def test_torch_rejects_imported_globals_and_takes_module_constants(tmp_path: Path) -> None:
    import torch

    _write(tmp_path, GLOBALS)
    model = _import(tmp_path, "glib.model")
    for cls in (model.ByName, model.ThroughModule):
        with pytest.raises(RuntimeError, match="cannot be used as a value"):
            torch.jit.script(cls())
    torch.jit.script(model.Constants())  # a number, str or tuple read as `mod.NAME` compiles


# ------------------------------------------------------------ lists of sizes under trace

SIZE_LIST = """
    import torch
    from torch import nn


    class Matching(nn.Module):
        def forward(self, a, b):
            lengths = []
            lengths.append(a.size(0))
            lengths.append(b.shape[0])
            for n in lengths[1:]:
                if n != lengths[0]:
                    raise ValueError("inputs differ in length")
            return a + b


    class Widths(nn.Module):
        def forward(self, a, b):
            for w in a.shape[1:]:
                if w > 64:
                    raise ValueError("too wide")
            return a + b
"""

RANK_LIST = """
    import torch
    from torch import nn


    class Ranks(nn.Module):
        def forward(self, a, b):
            ranks = []
            ranks.append(a.dim())
            ranks.append(b.dim())
            for r in ranks:
                if r != 2:
                    raise ValueError("2-d inputs only")
            return a + b
"""


def test_size_list_and_shape_loop_checks_are_flagged() -> None:
    lines = sorted(d.line for d in _findings(SIZE_LIST, "TL109", "trace"))
    assert lines == [_line_of(SIZE_LIST, "if n != lengths[0]"), _line_of(SIZE_LIST, "if w > 64")]
    assert _findings(RANK_LIST, "TL109", "trace") == []


@requires_torch
def test_torch_warns_on_size_lists_not_ranks(tmp_path: Path) -> None:
    import torch

    module = load_module(tmp_path, SIZE_LIST, "s23_size_list")
    args = (torch.randn(3, 4), torch.randn(3, 4))
    assert {line for _, line in _tracer_lines(module.Matching(), *args)} == {
        _line_of(SIZE_LIST, "if n != lengths[0]")
    }
    assert {line for _, line in _tracer_lines(module.Widths(), *args)} == {
        _line_of(SIZE_LIST, "if w > 64")
    }
    ranks = load_module(tmp_path, RANK_LIST, "s23_rank_list")
    assert _tracer_lines(ranks.Ranks(), *args) == set()


# ------------------------------------------------------------ constructor arguments' kinds

CONSTRUCTED = {
    "clib/__init__.py": "from .api import span\n",
    "clib/api.py": """
        import torch

        from . import _grid


        def span(y, ts):
            ts = torch.as_tensor(ts)
            grid = _grid.Grid(t0=ts[0], t1=ts[-1])
            return grid.width() * y.sum()
        """,
    "clib/_grid.py": """
        class Grid:
            def __init__(self, t0, t1):
                if t0 > t1:
                    raise ValueError("t0 after t1")
                self.t0 = float(t0)
                self.t1 = float(t1)

            def width(self):
                return self.t1 - self.t0
        """,
}


def test_constructor_parameters_take_the_arguments_kinds(tmp_path: Path) -> None:
    grid = CONSTRUCTED["clib/_grid.py"]
    assert project_findings(tmp_path / "a", CONSTRUCTED, "TL101", "trace") == [
        ("_grid.py", _line_of(grid, "if t0 > t1"))
    ]
    assert sorted(project_findings(tmp_path / "a", CONSTRUCTED, "TL102", "trace")) == [
        ("_grid.py", _line_of(grid, "self.t0 = float(t0)")),
        ("_grid.py", _line_of(grid, "self.t1 = float(t1)")),
    ]
    # Given plain numbers, the same class is clean.
    numbers = {**CONSTRUCTED}
    numbers["clib/api.py"] = CONSTRUCTED["clib/api.py"].replace(
        "t0=ts[0], t1=ts[-1]", "t0=0.0, t1=1.0"
    )
    assert project_findings(tmp_path / "b", numbers, "TL101", "trace") == []
    assert project_findings(tmp_path / "b", numbers, "TL102", "trace") == []


@requires_torch
def test_torch_warns_in_the_constructor(tmp_path: Path) -> None:
    import torch

    _write(tmp_path, CONSTRUCTED)
    clib = _import(tmp_path, "clib")
    grid = CONSTRUCTED["clib/_grid.py"]
    lines = _tracer_lines(clib.span, torch.randn(3), torch.linspace(0, 1, 5))
    for needle in ("if t0 > t1", "self.t0 = float(t0)", "self.t1 = float(t1)"):
        assert ("_grid.py", _line_of(grid, needle)) in lines


# ------------------------------------------------------------ constructors that warn in trace

CONSTRUCTORS = """
    import numpy as np
    import torch
    from torch import nn


    class Tables(nn.Module):
        def forward(self, x):
            nodes, weights = np.polynomial.legendre.leggauss(4)
            w = torch.from_numpy(weights).to(x.dtype)
            s = torch.sparse_coo_tensor([[0, 3]], [1.0, 2.0], (4,)).to_dense()
            return x * w + s


    class Quiet(nn.Module):
        def forward(self, x):
            w = torch.asarray([0.5, 0.5, 0.5, 0.5])
            f = torch.frombuffer(bytearray(np.ones(4, dtype=np.float32).tobytes()), dtype=torch.float32)
            return x * w + f
"""


def test_from_numpy_and_sparse_constructors_are_flagged() -> None:
    lines = sorted(d.line for d in _findings(CONSTRUCTORS, "TL110", "trace"))
    assert lines == [
        _line_of(CONSTRUCTORS, "torch.from_numpy(weights)"),
        _line_of(CONSTRUCTORS, "torch.sparse_coo_tensor("),
    ]


@requires_torch
def test_torch_warns_on_from_numpy_and_sparse_only(tmp_path: Path) -> None:
    import torch

    module = load_module(tmp_path, CONSTRUCTORS, "s23_constructors")
    x = torch.randn(3, 4)
    assert {line for _, line in _tracer_lines(module.Tables(), x)} == {
        _line_of(CONSTRUCTORS, "torch.from_numpy(weights)"),
        _line_of(CONSTRUCTORS, "torch.sparse_coo_tensor("),
    }
    assert _tracer_lines(module.Quiet(), x) == set()


AUTORAY_CONSTRUCTORS = """
    import torch
    from autoray import numpy as anp
    from torch import nn


    class Weights(nn.Module):
        def __init__(self, backend="torch"):
            super().__init__()
            self.backend = backend

        def forward(self, x):
            w = anp.array([0.5, 0.25, 0.125, 0.125], like=self.backend)
            v = anp.asarray([1.0, 1.0, 1.0, 1.0], like=x)
            n = anp.array([1.0, 2.0], like="numpy")
            return x * w * v + float(n.sum())
"""


def test_autoray_constructors_dispatched_to_torch_are_flagged() -> None:
    lines = sorted(d.line for d in _findings(AUTORAY_CONSTRUCTORS, "TL110", "trace"))
    assert lines == [
        _line_of(AUTORAY_CONSTRUCTORS, "anp.array([0.5"),
        _line_of(AUTORAY_CONSTRUCTORS, "anp.asarray("),
    ]


# The lines of the model's file on the stack where a TracerWarning is raised (autoray raises
# it inside its own module, called from the model's line).
TRACE_LINES_RUN = """
import sys, traceback, warnings, importlib.util, torch
spec = importlib.util.spec_from_file_location("m", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
lines = set()
def show(message, category, *rest, **kw):
    if issubclass(category, torch.jit.TracerWarning):
        lines.update(f.lineno for f in traceback.extract_stack() if f.filename == sys.argv[1])
warnings.showwarning = show
warnings.simplefilter("always")
torch.jit.trace(getattr(m, sys.argv[2])(), (torch.randn(3, 4),))
print(sorted(lines))
"""


@requires_torch
def test_torch_warns_on_autoray_constructors(tmp_path: Path) -> None:
    import subprocess

    python = Path(__file__).resolve().parent.parent / "benchmarks/accuracy/env/bin/python"
    if not python.exists():
        pytest.skip("benchmarks/accuracy/env (torch with autoray) not set up")
    path = tmp_path / "weights.py"
    path.write_text(textwrap.dedent(AUTORAY_CONSTRUCTORS).lstrip("\n"))
    done = subprocess.run(
        [str(python), "-c", TRACE_LINES_RUN, str(path), "Weights"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == str(
        [
            _line_of(AUTORAY_CONSTRUCTORS, "anp.array([0.5"),
            _line_of(AUTORAY_CONSTRUCTORS, "anp.asarray("),
        ]
    )


def test_api_class_constructor_keeps_its_own_parameter_kinds(tmp_path: Path) -> None:
    # A function library's API class: models outside the project construct it too, so the
    # project's own `Grid(t0=ts[0], ...)` does not type its parameters; a public function of
    # it still gives them the kinds it uses them as.
    files = {**CONSTRUCTED, "clib/__init__.py": "from .api import span\nfrom ._grid import Grid\n"}
    assert project_findings(tmp_path, files, "TL101", "trace") == []
