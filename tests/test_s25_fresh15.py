"""Session 25 (helper-233): what fresh15's trace misses led to, in other spellings.

- Kinds through a re-export: a project module that binds a name to a torch function
  (torch-interpol's ``cartesian_prod = torch.cartesian_prod`` in ``jit_utils``, imported by
  ``nd.py``) hands the importer torch's function, so its result is a tensor there (TL105 on
  ``for nodes in cartesian_prod(...)``). Here: ``from torch import cartesian_prod`` re-exported,
  ``combos = torch.combinations`` re-exported through a package ``__init__``.
- TL105: unpacking the output of a submodule built as a layer that returns one tensor
  (iTransformer's ``q, k, v = self.to_qkv(x)`` of ``nn.Sequential(nn.Linear(...),
  Rearrange(...))``): torch.jit.trace warns there. Here: an ``nn.Unflatten`` / ``nn.Conv1d``
  last layer, an ``einops`` ``Reduce``; an ``nn.LSTM`` (a tuple) and an ``nn.Sequential``
  ending in a project module stay unflagged.
- TL345: ``d.log_prob(x)`` of a distribution another method of the class builds and keeps on
  ``self`` (stable-baselines3's ``proba_distribution`` sets ``self.distribution = Normal(...)``,
  ``log_prob`` reads it); here a ``Laplace`` kept by ``build`` and read by ``score``.
- TL101: ``torch._C._get_tracing_state()`` (brevitas' ``if not torch._C._get_tracing_state():``)
  is the tracer's state object or None, a back-end guard, not tensor data.
- TL311: a flag graph code only ever sets to the literal ``__init__`` gives it (torchmetrics'
  ``self._state_is_copy = copy`` reached through ``items(copy_state=False)``): no call changes
  what a later one reads. Here passed by keyword, positionally, or left to the default; a
  ``True`` handed on is flagged, and export then diverges.

Each claim about torch is checked by running torch.jit.trace or torch.export.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import project_findings

# ------------------------------------------------------------- kinds through a re-export

REEXPORTING_HELPERS = {
    "direct": "from torch import cartesian_prod as pairs\n",
    "alias": "import torch\n\npairs = torch.cartesian_prod\n",
    "conditional": (
        "import os\nimport torch\n\n"
        "if os.environ.get('NO_SUCH_FLAG'):\n"
        "    pairs = lambda *xs: torch.cartesian_prod(*xs)\n"
        "else:\n"
        "    pairs = torch.cartesian_prod\n"
    ),
}

ITERATING_MODEL = """
import torch
from torch import nn

from {import_from} import pairs


class Model(nn.Module):
    def forward(self, x):
        nodes = pairs(torch.arange(x.shape[0]), torch.arange(2))
        out = x.new_zeros(())
        for node in nodes:
            out = out + x[node[0], node[1]]
        return out
"""


def _reexport_project(package: str, spelling: str, through_init: bool) -> dict[str, str]:
    files = {
        f"{package}/__init__.py": "from .helpers import pairs\n" if through_init else "",
        f"{package}/helpers.py": REEXPORTING_HELPERS[spelling],
    }
    import_from = package if through_init else f"{package}.helpers"
    files[f"{package}/model.py"] = ITERATING_MODEL.format(import_from=import_from)
    return files


@pytest.mark.parametrize("spelling", sorted(REEXPORTING_HELPERS))
@pytest.mark.parametrize("through_init", [False, True])
def test_torch_function_reexported_keeps_its_kind(
    tmp_path: Path, spelling: str, through_init: bool
) -> None:
    files = _reexport_project("reexp", spelling, through_init)
    assert project_findings(tmp_path, files, "TL105", "trace") == [("model.py", 11)]


def test_project_function_of_same_name_is_not_torch(tmp_path: Path) -> None:
    # The helper module defines `pairs` itself (a list of Python pairs): no tensor to iterate.
    files = {
        "own/__init__.py": "",
        "own/helpers.py": (
            "import torch\n\n\ndef pairs(a, b):\n"
            "    return [(i, j) for i in range(a.shape[0]) for j in range(b.shape[0])]\n"
        ),
        "own/model.py": ITERATING_MODEL.format(import_from="own.helpers"),
    }
    assert project_findings(tmp_path, files, "TL105", "trace") == []


def _import_project(root: Path, files: dict[str, str], module: str):  # type: ignore[no-untyped-def]
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.remove(str(root))


def _trace_warnings(model, *inputs) -> list[tuple[str, int, str]]:  # type: ignore[no-untyped-def]
    import torch

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(model, inputs)
    return [
        (Path(w.filename).name, w.lineno, str(w.message))
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning)
    ]


@requires_torch
@pytest.mark.parametrize("spelling", sorted(REEXPORTING_HELPERS))
def test_reexported_iteration_confirmed_by_trace(tmp_path: Path, spelling: str) -> None:
    import torch

    package = f"traced_{spelling}"
    module = _import_project(
        tmp_path, _reexport_project(package, spelling, False), f"{package}.model"
    )
    found = _trace_warnings(module.Model().eval(), torch.randn(3, 2))
    assert any(
        name == "model.py" and line == 11 and "Iterating over a tensor" in text
        for name, line, text in found
    ), found


# ------------------------------------------------------ TL105: a tensor submodule unpacked

SUBMODULE_MODELS = {
    # (source, flagged lines or None)
    "unflatten": (
        """
        import torch
        from torch import nn


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.to_pair = nn.Sequential(nn.Linear(4, 8), nn.Unflatten(-1, (2, 4)))

            def forward(self, x):
                a, b = self.to_pair(x).movedim(-2, 0)
                c, d = self.to_pair(x)
                return (a * b).sum() + (c * d).sum()
        """,
        (11, 12),
    ),
    "conv": (
        """
        import torch
        from torch import nn


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.mix = nn.Conv1d(4, 4, 1)

            def forward(self, x):
                first, second = self.mix(x)
                return first + second
        """,
        (11,),
    ),
    "einops_reduce": (
        """
        import torch
        from torch import nn
        from einops.layers.torch import Reduce


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.pool = nn.Sequential(
                    nn.Linear(4, 6), Reduce("b n (k d) -> k b d", "mean", k=2)
                )

            def forward(self, x):
                left, right = self.pool(x)
                return left - right
        """,
        (14,),
    ),
    "lstm": (
        """
        import torch
        from torch import nn


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.LSTM(4, 4, batch_first=True)

            def forward(self, x):
                out, state = self.rnn(x)
                return out + state[0].sum()
        """,
        None,
    ),
    "project_last_layer": (
        """
        import torch
        from torch import nn


        class Split(nn.Module):
            def forward(self, x):
                return x[..., :2], x[..., 2:]


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.head = nn.Sequential(nn.Linear(4, 4), Split())

            def forward(self, x):
                a, b = self.head(x)
                return a.sum() + b.sum()
        """,
        None,
    ),
}


@pytest.mark.parametrize("case", sorted(SUBMODULE_MODELS))
def test_tensor_submodule_unpacked(tmp_path: Path, case: str) -> None:
    source, line = SUBMODULE_MODELS[case]
    found = project_findings(tmp_path, {"model.py": source}, "TL105", "trace")
    assert found == [("model.py", at) for at in line or ()]


@requires_torch
@pytest.mark.parametrize("case", sorted(SUBMODULE_MODELS))
def test_tensor_submodule_unpacked_confirmed_by_trace(tmp_path: Path, case: str) -> None:
    import torch

    source, line = SUBMODULE_MODELS[case]
    name = f"s25_submodule_{case}"
    module = _import_project(tmp_path, {f"{name}.py": source}, name)
    shape = (2, 4, 5) if case == "conv" else (2, 3, 4)
    found = _trace_warnings(module.Model().eval(), torch.randn(*shape))
    mine = [(at, text) for file, at, text in found if file == f"{name}.py" and "Iterating" in text]
    if line is None:
        assert mine == []
    else:
        assert sorted({at for at, _ in mine}) == list(line), found


# ------------------------------------- TL345: a distribution one method builds, another reads

BUILT_ELSEWHERE = """
import torch
from torch import nn
from torch.distributions import Laplace


class Head:
    def __init__(self):
        self.dist = None

    def build(self, loc, scale{flag_param}):
        self.dist = Laplace(loc, scale{flag})
        return self

    def score(self, value):
        return self.dist.log_prob(value).sum(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.head = Head()

    def forward(self, x):
        self.head.build(self.proj(x), x.exp())
        return self.head.score(x)
"""


def _built_elsewhere(validate: bool) -> str:
    flag = "" if validate else ", validate_args=False"
    return BUILT_ELSEWHERE.format(flag_param="", flag=flag)


@pytest.mark.parametrize("validate", [True, False])
def test_log_prob_of_distribution_built_in_another_method(tmp_path: Path, validate: bool) -> None:
    found = project_findings(tmp_path, {"model.py": _built_elsewhere(validate)}, "TL345", "trace")
    assert found == ([("model.py", 11), ("model.py", 15)] if validate else [])


@requires_torch
@pytest.mark.parametrize("validate", [True, False])
def test_log_prob_of_distribution_built_elsewhere_confirmed_by_trace(
    tmp_path: Path, validate: bool
) -> None:
    import traceback

    import torch

    name = f"s25_built_elsewhere_{validate}"
    module = _import_project(tmp_path, {f"{name}.py": _built_elsewhere(validate)}, name)
    lines: set[int] = set()
    original = warnings.showwarning

    def record(message, category, *args, **kwargs):  # type: ignore[no-untyped-def]
        if issubclass(category, torch.jit.TracerWarning):
            # The line of the model file innermost in the stack: where the scorer puts it.
            frames = [f for f in traceback.extract_stack() if f.filename.endswith(f"{name}.py")]
            if frames:
                lines.add(frames[-1].lineno)

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = record
        try:
            torch.jit.trace(module.Model().eval(), (torch.randn(2, 4),))
        finally:
            warnings.showwarning = original
    assert lines == ({11, 15} if validate else set())


# ------------------------------------------- TL101: the tracer's state object is no tensor

TRACING_STATE = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        state = torch._C._get_tracing_state()
        if not state:
            x = x + 1
        if torch._C._get_tracing_state() is None and x.dim() == 2:
            x = x * 2
        return x
"""


@pytest.mark.parametrize("target", ["trace", "compile", "export"])
def test_tracing_state_is_no_tensor_condition(tmp_path: Path, target: str) -> None:
    assert project_findings(tmp_path, {"model.py": TRACING_STATE}, "TL101", target) == []


@requires_torch
def test_tracing_state_condition_confirmed_by_torch(tmp_path: Path) -> None:
    import torch

    module = _import_project(tmp_path, {"s25_tracing_state.py": TRACING_STATE}, "s25_tracing_state")
    model = module.Model()
    x = torch.randn(2, 3)
    found = _trace_warnings(model, x)
    assert not any("Converting a tensor" in text for _, _, text in found), found
    compiled = torch.compile(model, fullgraph=True, backend="eager")
    assert torch.equal(compiled(x), model(x))
    assert torch.equal(torch.export.export(model, (x,)).module()(x), model(x))


# ------------------------------- TL311: a flag graph code only ever sets to __init__'s value

LINKED_FLAG = """
import torch
from torch import nn


class Group(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.linked = False

    def link(self, share: bool = False):
        scale = 1.0 if not self.linked else 2.0
        self.linked = share
        return scale

    def pieces(self, keep: bool = True):
        return self.link(keep)

    def forward(self, x):
        return self.lin(x) * {call}
"""

# The call forward makes: whether it keeps the flag at __init__'s False on every call.
LINK_CALLS = {
    "self.pieces(keep=False)": True,
    "self.pieces(False)": True,
    "self.link()": True,
    "self.pieces(keep=True)": False,
    "self.pieces()": False,
}


@pytest.mark.parametrize("call", sorted(LINK_CALLS))
def test_flag_kept_at_init_value(tmp_path: Path, call: str) -> None:
    found = project_findings(
        tmp_path, {"model.py": LINKED_FLAG.format(call=call)}, "TL311", "export"
    )
    assert found == ([] if LINK_CALLS[call] else [("model.py", 12)])


@requires_torch
@pytest.mark.parametrize("call", sorted(LINK_CALLS))
def test_flag_kept_at_init_value_confirmed_by_export(tmp_path: Path, call: str) -> None:
    import torch

    name = f"s25_linked_{sorted(LINK_CALLS).index(call)}"
    module = _import_project(tmp_path, {f"{name}.py": LINKED_FLAG.format(call=call)}, name)
    torch.manual_seed(0)
    model = module.Group()
    x = torch.randn(2, 4)
    exported = torch.export.export(model, (x,)).module()
    same = all(torch.allclose(exported(x), model(x)) for _ in range(3))
    assert same == LINK_CALLS[call]
