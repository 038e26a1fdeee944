"""Session 25 (helper-232): what fresh16's misses led to, in other spellings.

- Star imports: ``from .util import *`` (dnc's memory.py and dnc.py) binds the helper module's
  names, so a call of one of them reaches its body (graph code) and a name it imported keeps
  its meaning (``T.tanh`` of ``import torch as T`` there). The index follows the star import
  the way Python does: ``__all__`` where the module defines one, else the public names, the
  last star import that exports a name binding it, and star imports of star modules.
- TL318: ``t.requires_grad = grad`` of any tensor in graph code (dnc's ``cuda()`` helper), not
  only of a module's parameter: Dynamo refuses the setter.
- Kinds: the legacy typed constructors (``torch.FloatTensor(...)``, ``torch.DoubleTensor``)
  make tensors; TL108 leaves ``torch.FloatTensor(t)`` of one tensor alone (the tracer records
  an alias of it).
- TL204: ``*t.size()`` of a helper's parameter (dnc's ``softmax``), a tensor's size in
  scripted code.
- TL105: a piece of a split tensor unpacked into names (agent-attention's ``q, k, v =
  qkv_input`` of ``qkv_agent, qkv_input = unpack(qkv, ps, ...)``; here also ``chunk``).
- TL114: ``.data`` asked only its metadata (dnc's ``usage.data.new(b, 1)``) is left alone;
  ``.data.new_zeros(...)`` and values read through ``.data`` stay flagged.
- TL106 on rnnbuilder's ``range(1, time)``: scored a false finding (torch gives no warning
  there), but the trace does unroll the loop for the example's length.

Each claim about torch is checked by running it.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import project_findings


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


def _compile_error(model, *inputs) -> str:  # type: ignore[no-untyped-def]
    """The message of torch.compile(fullgraph=True)'s failure ("" when it compiles)."""
    import torch

    torch._dynamo.reset()
    # Dynamo's first compile turns torch.distributions' argument checks off for the process:
    # keep the setting other tests of the session read.
    validate = torch.distributions.Distribution._validate_args
    try:
        torch.compile(model, fullgraph=True, backend="eager")(*inputs)
    except Exception as error:  # noqa: BLE001 - any failure is what the test reads
        return str(error)
    finally:
        torch.distributions.Distribution.set_default_validate_args(validate)
        torch._dynamo.reset()
    return ""


# ----------------------------------------------------------------------- star imports

# `scale` sets a new tensor's requires_grad (TL318, compile); `shift` is also defined in
# `plain`, clean there, and the helpers' `__all__` leaves its own (with a print) out.
HELPERS_WITH_ALL = """
import torch

__all__ = ["scale", "_private_scale"]


def scale(x):
    t = torch.ones(x.shape[-1])
    t.requires_grad = False
    return x * t


def _private_scale(x):
    t = torch.full((x.shape[-1],), 2.0)
    t.requires_grad = False
    return x * t


def shift(x):
    print("never bound by the star import")
    return x + 1
"""

PLAIN = """
def shift(x):
    return x + 1
"""

STAR_MODEL = """
import torch
from torch import nn

from .plain import *
from .{helpers} import *


class Model(nn.Module):
    def forward(self, x):
        return shift(scale(x)) + _private_scale(x)
"""


def _star_project(package: str, chained: bool) -> dict[str, str]:
    files = {
        f"{package}/__init__.py": "",
        f"{package}/helpers.py": HELPERS_WITH_ALL,
        f"{package}/plain.py": PLAIN,
        f"{package}/model.py": STAR_MODEL.format(helpers="api" if chained else "helpers"),
    }
    if chained:
        # A module that star-imports the helpers re-exports what they export, its private
        # name only where its own `__all__` lists it (Python: a star import without
        # `__all__` binds the public names).
        files[f"{package}/api.py"] = (
            "from .helpers import *\n\n__all__ = ['scale', '_private_scale']\n"
        )
    return files


@pytest.mark.parametrize("chained", [False, True])
def test_star_import_reaches_exported_helpers(tmp_path: Path, chained: bool) -> None:
    files = _star_project("starpkg", chained)
    assert sorted(project_findings(tmp_path, files, "TL318", "compile")) == [
        ("helpers.py", 8),
        ("helpers.py", 14),
    ]
    # `shift` is `plain.shift`: the helpers' `__all__` does not list theirs.
    assert project_findings(tmp_path, files, "TL301", "compile") == []


def test_star_import_without_all_binds_public_names_only(tmp_path: Path) -> None:
    files = {
        "noall/__init__.py": "",
        "noall/helpers.py": (
            "import torch\n\n\ndef _hidden(x):\n    print(x)\n    return x\n\n\n"
            "def shown(x):\n    print(x)\n    return x\n"
        ),
        "noall/model.py": (
            "from torch import nn\n\nfrom .helpers import *\n\n\n"
            "def _hidden(x):\n    return x\n\n\n"
            "class Model(nn.Module):\n    def forward(self, x):\n"
            "        return shown(_hidden(x))\n"
        ),
    }
    # `_hidden` is the model file's own (clean); `shown` is the helpers' (prints).
    assert project_findings(tmp_path, files, "TL301", "compile") == [("helpers.py", 10)]


def test_star_imported_torch_alias_keeps_its_kind(tmp_path: Path) -> None:
    # `pairs` is torch.cartesian_prod bound in the helpers: iterating its result is iterating
    # a tensor (TL105, trace), as with a direct import.
    files = {
        "aliaspkg/__init__.py": "",
        "aliaspkg/helpers.py": "import torch as T\nfrom torch import cartesian_prod as pairs\n",
        "aliaspkg/model.py": (
            "from torch import nn\n\nfrom .helpers import *\n\n\n"
            "class Model(nn.Module):\n    def forward(self, x):\n"
            "        out = x.new_zeros(())\n"
            "        for node in pairs(T.arange(x.shape[0]), T.arange(2)):\n"
            "            out = out + x[node[0], node[1]]\n"
            "        return out\n"
        ),
    }
    assert project_findings(tmp_path, files, "TL105", "trace") == [("model.py", 9)]


@requires_torch
@pytest.mark.parametrize("chained", [False, True])
def test_star_import_semantics_confirmed_by_python_and_compile(
    tmp_path: Path, chained: bool
) -> None:
    import torch

    package = f"starrun{int(chained)}"
    model_module = _import_project(tmp_path, _star_project(package, chained), f"{package}.model")
    plain = importlib.import_module(f"{package}.plain")
    helpers = importlib.import_module(f"{package}.helpers")
    # Python binds what the linter resolved: `shift` from plain, both helpers from helpers.
    assert model_module.shift is plain.shift
    assert model_module.scale is helpers.scale
    assert model_module._private_scale is helpers._private_scale
    error = _compile_error(model_module.Model(), torch.randn(2, 3))
    assert "setattr() on Tensor.requires_grad" in error, error


# ------------------------------------------------------ TL318: a tensor's requires_grad set

REQUIRES_GRAD_MODELS = {
    # name: (forward body, the flagged line or None)
    "new tensor": (
        "t = torch.zeros(x.shape)\n        t.requires_grad = False\n        return x + t",
        8,
    ),
    "legacy constructor": (
        "t = torch.DoubleTensor(x.double())\n        t.requires_grad = False\n"
        "        return t.float() * 2",
        8,
    ),
    "input": ("x.requires_grad = False\n        return x * 2", 7),
    "result": ("y = x * 2\n        y.requires_grad = False\n        return y", 8),
    "read only": ("if x.requires_grad:\n            return x * 2\n        return x", None),
    "requires_grad_ of a result": ("y = x * 2\n        return y.requires_grad_(False)", None),
}

REQUIRES_GRAD_SOURCE = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        {body}
"""


@pytest.mark.parametrize("name", sorted(REQUIRES_GRAD_MODELS))
def test_requires_grad_assignment(tmp_path: Path, name: str) -> None:
    body, line = REQUIRES_GRAD_MODELS[name]
    files = {"model.py": REQUIRES_GRAD_SOURCE.format(body=body)}
    found = project_findings(tmp_path, files, "TL318", "compile")
    assert found == ([("model.py", line)] if line else []), found


def test_requires_grad_assignment_outside_graph_code_is_clean(tmp_path: Path) -> None:
    files = {
        "model.py": (
            "import torch\nfrom torch import nn\n\n\ndef frozen():\n"
            "    t = torch.zeros(3)\n    t.requires_grad = False\n    return t\n\n\n"
            "class Model(nn.Module):\n    def forward(self, x):\n        return x * 2\n"
        )
    }
    assert project_findings(tmp_path, files, "TL318", "compile") == []


@requires_torch
@pytest.mark.parametrize("name", sorted(REQUIRES_GRAD_MODELS))
def test_requires_grad_assignment_confirmed_by_compile(tmp_path: Path, name: str) -> None:
    import torch

    body, line = REQUIRES_GRAD_MODELS[name]
    module = _import_project(
        tmp_path,
        {f"rg_{abs(hash(name))}.py": REQUIRES_GRAD_SOURCE.format(body=body)},
        f"rg_{abs(hash(name))}",
    )
    for grad in (False, True):
        with torch.set_grad_enabled(grad):
            error = _compile_error(module.Model(), torch.randn(2, 3))
        assert ("setattr() on Tensor.requires_grad" in error) == (line is not None), (grad, error)


# ------------------------------------------------- TL108: a legacy constructor of a tensor

LEGACY_MODELS = {
    # name: (forward body, flagged for trace)
    "alias of a tensor": ("t = torch.FloatTensor(x * 2)\n        return t + 1", False),
    "typed alias of a tensor": ("t = torch.LongTensor(x.long())\n        return t + 1", False),
    # torch.Tensor(t) is traced as an alias too, but torch warns there (TracerWarning: results
    # are registered as constants): flagged, as the ground truth counts the warning.
    "untyped alias of a tensor": ("t = torch.Tensor(x * 2)\n        return t + 1", True),
    "sizes": ("t = torch.FloatTensor(x.size(0), 3).fill_(1.0)\n        return x[:, :3] + t", True),
}


@pytest.mark.parametrize("name", sorted(LEGACY_MODELS))
def test_legacy_constructor(tmp_path: Path, name: str) -> None:
    body, flagged = LEGACY_MODELS[name]
    files = {"model.py": REQUIRES_GRAD_SOURCE.format(body=body)}
    found = project_findings(tmp_path, files, "TL108", "trace")
    assert found == ([("model.py", 7)] if flagged else []), found


@requires_torch
@pytest.mark.parametrize("name", sorted(LEGACY_MODELS))
def test_legacy_constructor_confirmed_by_trace(tmp_path: Path, name: str) -> None:
    import warnings

    import torch

    body, flagged = LEGACY_MODELS[name]
    stem = f"legacy_{abs(hash(name))}"
    module = _import_project(tmp_path, {f"{stem}.py": REQUIRES_GRAD_SOURCE.format(body=body)}, stem)
    model = module.Model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, (torch.randn(2, 4),))
    warned = any(issubclass(w.category, torch.jit.TracerWarning) and w.lineno == 7 for w in caught)
    other = torch.randn(5, 4)
    try:
        same = torch.equal(traced(other), model(other))
    except RuntimeError:
        same = False  # the example's size baked in: the other input no longer fits
    # A problem for the trace: a wrong result on another size, or torch's warning at the line.
    assert (warned or not same) == flagged, (warned, same)


# ------------------------------------------------------- TL204: `*t.size()` of a helper's param

SIZE_UNPACK = """
import torch
from torch import nn


def restore(x, axis):
    moved = x.transpose(axis, -1)
    shape = moved.size()
    return torch.softmax(moved.reshape(-1, shape[-1]), -1).view(*shape)


class Model(nn.Module):
    def forward(self, x):
        return restore(x, 1)
"""


def test_size_of_helper_parameter_unpacked_in_script(tmp_path: Path) -> None:
    files = {"model.py": SIZE_UNPACK}
    assert project_findings(tmp_path, files, "TL204", "script") == [("model.py", 8)]


@requires_torch
def test_size_of_helper_parameter_unpacked_confirmed_by_script(tmp_path: Path) -> None:
    import torch

    module = _import_project(tmp_path, {"size_unpack.py": SIZE_UNPACK}, "size_unpack")
    with pytest.raises(RuntimeError, match="cannot statically infer the expected size of a list"):
        torch.jit.script(module.Model())


# -------------------------------------- TL105: a tensor cut from a tensor, then unpacked

UNPACK_MODELS = {
    # name: (forward body, the flagged line or None)
    "einops unpack": (
        "xa, ps = pack([a, x], 'b * d')\n"
        "        qkv = self.proj(xa).unflatten(-1, (3, 4)).movedim(-2, 0)\n"
        "        agent, rest = unpack(qkv, ps, 'qkv b * d')\n"
        "        q, k, v = rest\n"
        "        return q + k + v + agent.sum()",
        15,
    ),
    "chunk of a projection": (
        "first, second = self.proj(x).unflatten(-1, (3, 4)).movedim(-2, 0).chunk(2, dim=-1)\n"
        "        q, k, v = second\n"
        "        return q + k + v + first.sum() + a.sum()",
        13,
    ),
    "unbind": (
        "q, k, v = self.proj(x).unflatten(-1, (3, 4)).unbind(-2)\n        return q + k + v + a.sum()",
        None,
    ),
}

UNPACK_SOURCE = """
import torch
from torch import nn
from einops import pack, unpack


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 12)

    def forward(self, x, a):
        {body}
"""


@pytest.mark.parametrize("name", sorted(UNPACK_MODELS))
def test_split_tensor_unpacked(tmp_path: Path, name: str) -> None:
    body, line = UNPACK_MODELS[name]
    files = {"model.py": UNPACK_SOURCE.format(body=body)}
    found = project_findings(tmp_path, files, "TL105", "trace")
    assert found == ([("model.py", line)] if line else []), found


@requires_torch
@pytest.mark.parametrize("name", sorted(UNPACK_MODELS))
def test_split_tensor_unpacked_confirmed_by_trace(tmp_path: Path, name: str) -> None:
    import warnings

    import torch

    pytest.importorskip("einops")
    body, line = UNPACK_MODELS[name]
    stem = f"unpack_{abs(hash(name))}"
    module = _import_project(tmp_path, {f"{stem}.py": UNPACK_SOURCE.format(body=body)}, stem)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(module.Model(), (torch.randn(2, 5, 4), torch.randn(2, 3, 4)))
    iterating = {
        w.lineno
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning)
        and Path(w.filename).name == f"{stem}.py"
        and "Iterating over a tensor" in str(w.message)
    }
    assert iterating == ({line} if line else set())


# ------------------------- TL106: a loop bound from a traced size (rnnbuilder's `range(1, time)`)

RANGE_OF_SIZE = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        time, batch = x.shape[:2]
        out = [x[0]]
        for t in range(1, time):
            out.append(out[-1] + x[t])
        return torch.stack(out)
"""


def test_range_of_traced_size_flagged(tmp_path: Path) -> None:
    assert project_findings(tmp_path, {"model.py": RANGE_OF_SIZE}, "TL106", "trace") == [
        ("model.py", 9)
    ]


@requires_torch
def test_range_of_traced_size_specialises_without_a_warning(tmp_path: Path) -> None:
    # The ground truth scores rnnbuilder's `range(1, time)` as a false finding: torch gives no
    # TracerWarning there. The trace still unrolls the loop for the example's length.
    import warnings

    import torch

    module = _import_project(tmp_path, {"range_of_size.py": RANGE_OF_SIZE}, "range_of_size")
    model = module.Model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, (torch.randn(3, 2),))
    assert not [w for w in caught if issubclass(w.category, torch.jit.TracerWarning)]
    longer = torch.randn(5, 2)
    assert traced(longer).shape[0] == 3 != model(longer).shape[0]


# -------------------------------------------- TL114: `.data` asked only its metadata

DATA_MODELS = {
    # name: (forward body, flagged for export)
    "legacy new": (
        "s, _ = torch.topk(x * 2, 2, dim=1)\n"
        "        v = s.data.new(x.size(0), 1).fill_(1)\n"
        "        return torch.cat((v, s), 1)",
        False,
    ),
    "size and dtype": ("s = x * 2\n        return s.to(s.data.dtype) * s.data.size(1)", False),
    "new_zeros": (
        "s = x * 2\n        v = s.data.new_zeros(x.size(0), 1)\n        return torch.cat((v, s), 1)",
        True,
    ),
    "values": ("s = x * 2\n        return s.data * 2", True),
}


@pytest.mark.parametrize("name", sorted(DATA_MODELS))
def test_data_metadata(tmp_path: Path, name: str) -> None:
    body, flagged = DATA_MODELS[name]
    files = {"model.py": REQUIRES_GRAD_SOURCE.format(body=body)}
    assert bool(project_findings(tmp_path, files, "TL114", "export")) == flagged


@requires_torch
@pytest.mark.parametrize("name", sorted(DATA_MODELS))
def test_data_metadata_confirmed_by_export(tmp_path: Path, name: str) -> None:
    import torch

    body, flagged = DATA_MODELS[name]
    stem = f"data_{abs(hash(name))}"
    module = _import_project(tmp_path, {f"{stem}.py": REQUIRES_GRAD_SOURCE.format(body=body)}, stem)
    try:
        torch.export.export(module.Model(), (torch.randn(2, 3),))
        failed = ""
    except Exception as error:  # noqa: BLE001 - the message is what the test reads
        failed = str(error)
    assert ("fake tensor in the exported program constant's list" in failed) == flagged, failed
