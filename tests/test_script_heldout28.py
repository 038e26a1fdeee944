"""Script mechanisms from the blind heldout28 batch, the script column of b56 and the fresh10
corpus, in other spellings than their probes (helpers, aliases, other containers, methods).

Each case is a complete example (``Model`` and ``inputs()``); the rule flags it exactly when
torch 2.13's ``torch.jit.script`` rejects it or the scripted model differs from eager (the
torch half runs where torch is installed): a ``slice(...)`` kept as a value (a tuple looped
over, a comprehension, an argument); ``hasattr`` / ``getattr`` with a default on a Python
module; a class defined in a module's class body, and a class-body ``partialmethod``, read
through ``self``; an empty list / dict inside a comprehension or display annotated with
other item types; a submodule passed to a helper that calls, iterates or indexes it; a call
of a submodule picked by an if-expression; a shape written into a returned string; a
module-level instance of a plain class; an unannotated parameter defaulting to a module-level
dict; a SyncBatchNorm and a ``register_parametrization``'d submodule; an autograd
Function's ``apply`` returned under ``-> Tuple[...]``; ``default_collate`` imported from
the module that aliases it; ``*`` over the shape of a submodule output of no known class.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import model_source, script_disagreements
from .test_script_misses import _flagged

HEAD = (
    "import functools\nfrom collections import OrderedDict\n"
    "from typing import Dict, Final, List, Tuple\n\n"
    "import torch\nimport torch.nn.functional as F\nimport torch.nn.utils.parametrize as "
    "tp\nfrom torch import Tensor, nn\n\n\n"
)


def _module(
    forward: str, init: str = "", extra: str = "", methods: str = "", body: str = ""
) -> str:
    return model_source(HEAD, forward, init, extra, methods, body)


# -- TL209: a slice kept as a value
SLICE_LOOP = "        out = x[:, :1]\n        for s in (slice(0, 1), slice(1, 2)):\n            out = out + x[:, s]\n        return out"
SLICE_COMP = (
    "def keep_all(t: Tensor) -> Tensor:\n"
    "    index = [slice(None) for _ in range(t.dim() - 1)]\n"
    "    return t[index[0]]\n\n\n"
)
SLICE_OK = "        s = slice(0, 2)\n        return x[(slice(None), 0)] + x[:, s].sum(1)"
# -- TL209: attribute tests on a Python module
HASATTR_TORCH = "        if hasattr(torch, 'special'):\n            return torch.special.expit(x)\n        return torch.sigmoid(x)"
GETATTR_F = "        f = getattr(F, 'mish', None)\n        return x.tanh()"
HASATTR_SELF = "        if hasattr(self, 'fc'):\n            return self.fc(x)\n        return x"
# -- TL216: a class-body class / partialmethod read through self
HYPER = "    class Hyper:\n        tau = 2.0\n\n"
HYPER_READ = "    def _tau(self) -> float:\n        return self.Hyper.tau\n\n"
HYPER_INIT = "        self.tau = self.Hyper.tau"
POOL = (
    "    def _pool(self, x, mode: str = 'mean'):\n"
    "        return x.amax(1) if mode == 'max' else x.mean(1)\n\n"
    "    pool_max = functools.partialmethod(_pool, mode='max')\n\n"
)
# -- TL217: an empty container inside a comprehension or display, other item types annotated
DICT_LISTS = "        groups: Dict[str, List[float]] = {k: [] for k in ['a', 'b']}\n        groups['a'].append(1.0)\n        return x"
LIST_DICTS = "        rows: List[Dict[str, int]] = [{} for _ in range(2)]\n        rows[0]['n'] = 1\n        return x"
LIST_TENSORS = "        rows: List[List[Tensor]] = [[] for _ in range(2)]\n        rows[0].append(x)\n        return rows[0][0]"
# -- TL210: a submodule handed to a helper
RUN_SEQ = "def run(blocks: nn.Sequential, t: Tensor) -> Tensor:\n    return blocks(t)\n\n\n"
FIRST = "def first(layers: nn.ModuleList, t: Tensor) -> Tensor:\n    return layers[0](t)\n\n\n"
# (A module handed to an annotated parameter the helper only reads, `layer.weight`, `len(layers)`,
# compiles where the annotation resolves to the module's own type; torch resolves it to the
# first module of that class it compiled in the process, so no case here claims it.)
WEIGHT_ARG = "def doubled(w: Tensor, t: Tensor) -> Tensor:\n    return F.linear(t, w * 2)\n\n\n"
# -- TL209: a submodule picked by an if-expression, then called
ACTS = "        self.relu = nn.ReLU()\n        self.gelu = nn.GELU()"
PICKED = "        return (self.relu if x.shape[0] > 1 else self.gelu)(x)"
PICKED_OK = "        return self.relu(x) if x.shape[0] > 1 else self.gelu(x)"
# -- TL209: a shape written into a returned string
SIZE_KEY = "        y = self.fc(x)\n        return {f'{x.size()}': y}"
SIZE_OK = "        y = self.fc(x)\n        return {str(list(x.shape)): y}"
SIZE_ASSERT = "        assert x.dim() == 3, str(x.shape)\n        return self.fc(x)"
# -- TL207: a module-level object of a plain class
SETTINGS = "class Settings:\n    def __init__(self):\n        self.gain = 2.0\n\n\nSETTINGS = Settings()\n\n\n"
SETTINGS_USE = "        return x * SETTINGS.gain"
SETTINGS_INIT = "        self.gain = SETTINGS.gain"
# -- TL203: an unannotated parameter defaulting to a module-level dict
TABLE = (
    "TABLE = OrderedDict(a=1.0, b=2.0)\n\n\n"
    "def weight(name: str, table=TABLE) -> float:\n    return float(table[name])\n\n\n"
)
TABLE_OK = (
    "GAIN = 2.0\n\n\ndef weight(name: str, gain: float = GAIN) -> float:\n    return gain\n\n\n"
)
# -- TL219: SyncBatchNorm, register_parametrization
SYNC = "        self.norm = nn.Sequential(nn.Linear(4, 4), nn.SyncBatchNorm(3))"
SYNC_USE = "        return self.norm(x)"
CLAMP = (
    "class Clamp(nn.Module):\n    def forward(self, w):\n        return w.clamp(-1.0, 1.0)\n\n\n"
)
PARAM = "        tp.register_parametrization(self.fc, 'weight', Clamp())"
PARAM_REMOVED = PARAM + "\n        tp.remove_parametrizations(self.fc, 'weight')"
# -- TL211: an autograd Function's apply returned under a tuple annotation
SPLIT = (
    "class Split(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, t):\n        return t * 2, t * 3\n\n"
    "    @staticmethod\n    def backward(ctx, a, b):\n        return a * 2 + b * 3\n\n\n"
    "class Twice(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, t):\n        return t * 2\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n        return g * 2\n\n\n"
)
PAIR = "    def pair(self, t: Tensor) -> Tuple[Tensor, Tensor]:\n        return Split.apply(t)\n\n"
ONE = "    def one(self, t: Tensor) -> Tensor:\n        return Twice.apply(t)\n\n"
# -- TL209: default_collate from the module that aliases it
COLLATE = "from torch.utils.data.dataloader import default_collate as batchify\n\n\n"
# -- TL204: `*` over the shape of a submodule output of no known class
LAYERS = "LAYERS = {'lin': nn.Linear}\n\n\n"
PROJ = "        self.proj = LAYERS['lin'](4, 1)"
EXPAND = "        h = self.proj(x)\n        return h.expand(h.shape[0], 3, *h.shape[2:])"
EXPAND_OK = "        h = self.proj(x)\n        return h.expand(h.shape[0], 3, h.shape[2])"

# -- TL209: the builtin `sum` of a tensor given to a layer that needs a dimension
SUM_NORM = "        pooled = sum(self.fc(x)) * 0.5\n        return self.norm(pooled)"
SUM_OK = "        return self.norm(self.fc(x).sum(0) * 0.5)"
SUM_VECTOR = "        return self.norm(sum(x[0, 0]) * x[0])"
NORM = "        self.norm = nn.LayerNorm(4)"

CASES = [
    ("TL209", _module(SLICE_LOOP), True),
    ("TL209", _module("        return keep_all(x)", extra=SLICE_COMP), True),
    ("TL209", _module(SLICE_OK), False),
    ("TL209", _module(HASATTR_TORCH), True),
    ("TL209", _module(GETATTR_F), True),
    ("TL209", _module(HASATTR_SELF), False),
    ("TL216", _module("        return x / self._tau()", body=HYPER, methods=HYPER_READ), True),
    ("TL216", _module("        return x / self.tau", init=HYPER_INIT, body=HYPER), False),
    ("TL216", _module("        return self.pool_max(x)", body=POOL), True),
    ("TL216", _module("        return self._pool(x, 'max')", body=POOL), False),
    ("TL217", _module(DICT_LISTS), True),
    ("TL217", _module(LIST_DICTS), True),
    ("TL217", _module(LIST_TENSORS), False),
    (
        "TL210",
        _module(
            "        return run(self.seq, x)",
            init="        self.seq = nn.Sequential(nn.ReLU())",
            extra=RUN_SEQ,
        ),
        True,
    ),
    (
        "TL210",
        _module(
            "        return first(self.blocks, x)",
            init="        self.blocks = nn.ModuleList([nn.Linear(4, 4)])",
            extra=FIRST,
        ),
        True,
    ),
    ("TL210", _module("        return doubled(self.fc.weight, x)", extra=WEIGHT_ARG), False),
    ("TL209", _module(PICKED, init=ACTS), True),
    ("TL209", _module(PICKED_OK, init=ACTS), False),
    ("TL209", _module(SIZE_KEY), True),
    ("TL209", _module(SIZE_OK), False),
    ("TL209", _module(SIZE_ASSERT), False),
    ("TL207", _module(SETTINGS_USE, extra=SETTINGS), True),
    ("TL207", _module("        return x * self.gain", init=SETTINGS_INIT, extra=SETTINGS), False),
    ("TL203", _module("        return x * weight('a')", extra=TABLE), True),
    ("TL203", _module("        return x * weight('a')", extra=TABLE_OK), False),
    ("TL219", _module(SYNC_USE, init=SYNC), True),
    ("TL219", _module("        return self.fc(x)", init=PARAM, extra=CLAMP), True),
    ("TL219", _module("        return self.fc(x)", init=PARAM_REMOVED, extra=CLAMP), False),
    (
        "TL211",
        _module("        a, b = self.pair(x)\n        return a + b", extra=SPLIT, methods=PAIR),
        True,
    ),
    ("TL211", _module("        return self.one(x)", extra=SPLIT, methods=ONE), False),
    ("TL209", _module("        return batchify([x[0], x[0]])", extra=COLLATE), True),
    ("TL209", _module("        return torch.stack([x[0], x[0]])", extra=COLLATE), False),
    ("TL209", _module(SUM_NORM, init=NORM), True),
    ("TL209", _module(SUM_OK, init=NORM), False),
    ("TL209", _module(SUM_VECTOR, init=NORM), False),
    ("TL204", _module(EXPAND, init=PROJ, extra=LAYERS), True),
    ("TL204", _module(EXPAND_OK, init=PROJ, extra=LAYERS), False),
]


def _needs_torch_installed(source: str) -> bool:
    """A module of torch's named through an import: the rule asks the installed package
    whether the name is a module, so without torch it is not known."""
    return any(spelled in source for spelled in ("hasattr(torch,", "getattr(F,", "batchify("))


@pytest.mark.parametrize(
    ("code", "source", "flagged"),
    [
        pytest.param(*case, marks=requires_torch)
        if case[2] and _needs_torch_installed(case[1])
        else case
        for case in CASES
    ],
)
def test_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees() -> None:
    disagree = script_disagreements(CASES)
    assert not disagree, disagree


# -- TL209: a function of another file whose body calls a library function TorchScript's
# frontend rejects (einops.rearrange takes `**axes_lengths`), called from a property setter
# (TorchScript compiles a module's properties) and from forward.
HELPERS = (
    "import einops\nimport torch\n\n\n"
    "def channels_first(t: torch.Tensor) -> torch.Tensor:\n"
    "    return einops.rearrange(t, 'b n c -> b c n')\n\n\n"
    "def guarded(t: torch.Tensor) -> torch.Tensor:\n"
    "    if torch.jit.is_scripting():\n        return t.transpose(1, 2)\n"
    "    return einops.rearrange(t, 'b n c -> b c n')\n"
)
GRID = (
    "import torch\nfrom torch import nn\n\nfrom gridpkg.helpers import CALLED\n\n\n"
    "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self._gain = 1.0\n\n"
    "    @property\n    def gain(self) -> float:\n        return self._gain\n\n"
    "    @gain.setter\n    def gain(self, value: torch.Tensor) -> None:\n"
    "        self._gain = float(CALLED(value).sum())\n\n"
    "    def forward(self, x):\n        return x * self._gain\n"
)


@pytest.mark.parametrize(("called", "flagged"), [("channels_first", True), ("guarded", False)])
def test_other_file_helper_called_from_a_property_setter(tmp_path, called: str, flagged: bool):
    from torchlint.lint.run import lint_files
    from torchlint.lint.settings import Settings

    if flagged:
        pytest.importorskip("einops")  # its installed source shows `**axes_lengths`
    package = tmp_path / "gridpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(HELPERS)
    (package / "grid.py").write_text(GRID.replace("CALLED", called))
    settings = Settings(targets=("script",), targets_explicit=True, select=("TL209",))
    found = [
        d.line
        for result in lint_files([str(package / "grid.py"), str(package / "helpers.py")], settings)
        if result.path.endswith("grid.py")
        for d in result.diagnostics
        if d.code == "TL209"
    ]
    assert (found == [18]) == flagged and (not found) == (not flagged), found


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("called", "fails"), [("channels_first", True), ("guarded", False)])
def test_torch_scripts_the_setter(tmp_path, monkeypatch, called: str, fails: bool):
    import importlib

    import torch

    name = f"gridpkg_{called}"  # a package of its own: the module is imported for real
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(HELPERS)
    (package / "grid.py").write_text(GRID.replace("CALLED", called).replace("gridpkg", name))
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module(f"{name}.grid")
    try:
        torch.jit.script(module.Model())
        failed = False
    except Exception:  # noqa: BLE001 - any failure of scripting is the verdict
        failed = True
    assert failed == fails
