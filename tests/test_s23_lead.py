"""Session 23, the lead's changes: heldout34's and b67's misses, each in other spellings."""

from __future__ import annotations

import warnings

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings
from torchlint.rules.tl244_float_text_in_script import script_float_text

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text
from .lint_helpers import findings, model_source, script_disagreements
from .test_script_misses import _flagged

SCRIPT_HEAD = (
    "from typing import Dict, List, Tuple\n\nimport torch\nfrom torch import Tensor, nn\n\n\n"
)


def _script_module(forward: str, init: str = "", methods: str = "", extra: str = "") -> str:
    return model_source(SCRIPT_HEAD, forward, init=init, methods=methods, extra=extra)


# TL208 (heldout34's adapter bank: `if self.task in self.bank` with a `__contains__` override):
# a project module tested with `in` / `not in` in other places (a helper method, an expression
# value); clean: the module's own method answering the test, a ModuleDict's keys.
REGISTRY = (
    "class Registry(nn.Module):\n"
    "    def __init__(self):\n        super().__init__()\n        self.names = ['a', 'b']\n\n"
    "    def __contains__(self, name: str) -> bool:\n        return name in self.names\n\n"
    "    def has(self, name: str) -> bool:\n        return name in self.names\n\n\n"
)
HOLD_REGISTRY = "        self.registry = Registry()"
IN_HELPER = "    def _known(self, name: str) -> bool:\n        return name in self.registry\n\n"
USE_HELPER = "        return self.fc(x) * float(self._known('a'))"
NOT_IN_VALUE = (
    "        missing = 'c' not in self.registry\n        return self.fc(x) * float(missing)"
)
BY_METHOD = "        return self.fc(x) * float(self.registry.has('a'))"
HOLD_HEADS = "        self.heads = nn.ModuleDict({'a': nn.Identity()})"
IN_MODULE_DICT = "        return self.fc(x) * float('a' in self.heads)"

# TL243 (heldout34's `feats.remove(feats[0])`): `index` of a tensor in a list a comprehension
# builds, `remove` from a list a loop fills (eager runs both: the element searched is the first,
# matched as the same object); clean: removal by position, `remove` of an int list.
INDEX_COMPREHENSION = (
    "        parts = [self.fc(x) * k for k in range(3)]\n"
    "        return parts[1] * parts.index(parts[0])"
)
REMOVE_LOOP = (
    "        seen: List[Tensor] = []\n"
    "        for k in range(3):\n            seen.append(self.fc(x) + k)\n"
    "        seen.remove(seen[0])\n        return seen[0]"
)
DEL_FIRST = (
    "        seen: List[Tensor] = [x, self.fc(x)]\n        del seen[0]\n        return seen[0]"
)
REMOVE_INT = (
    "        dims: List[int] = [0, 1, 2]\n        dims.remove(2)\n        return x.sum(dims)"
)

# TL244 (heldout34's `out[str(t)]` over float temperatures): a float written as text by
# `"{}".format`, `%`, an f-string field and `str()` of float arithmetic; clean: an int's text,
# a float only in an exception message, a literal whose spellings agree (0.5).
FORMAT_ATTR = (
    "        out: Dict[str, Tensor] = {}\n"
    "        out['eps={}'.format(self.eps)] = self.fc(x)\n        return out['eps=0.1']"
)
PERCENT_LOOP = (
    "        total = x.new_zeros(())\n"
    "        for s in (0.2, 0.7):\n"
    "            total = total + len('%s' % s)\n"
    "        return self.fc(x) * total"
)
FSTRING_DIVIDED = "        ratio = x.size(1) / 3\n        name = f'r{ratio}'\n        return self.fc(x) * len(name)"
INT_TEXT = "        return self.fc(x) * len(str(x.size(1)))"
MESSAGE_ONLY = (
    "        if x.dim() != 3:\n"
    "            raise ValueError('eps ' + str(self.eps))\n"
    "        return self.fc(x)"
)
AGREEING_LITERALS = (
    "        total = 0\n"
    "        for s in [0.5, 0.25]:\n            total += len(str(s))\n"
    "        return self.fc(x) * total"
)
EPS_ATTR = "        self.eps = 0.1"

# TL209 (b67's CRF back-trace: `back[tags[-1]]` with `tags = [score.argmax().item()]`): an
# element of a list whose display holds `.item()` numbers, used as a tensor index.
ITEM_LIST_INDEX = (
    "        picks = [x.sum(-1).argmax().item()]\n"
    "        picks.append(x[0, 0].argmax().item())\n"
    "        return x[picks[0]]"
)
ANNOTATED_INT_LIST = (
    "        picks: List[int] = [int(x.sum(-1).argmax().item())]\n        return x[picks[0]]"
)

# TL245 (heldout33's bigram hash `h = (h * self.prime) ^ t`): an int grown by a large factor in
# a loop that never bounds it, in other spellings (`*=` in a while loop from an int parameter,
# a factor held by an attribute); clean: `h = h % M` in the same loop, a small factor (a stride).
HASH_WHILE = (
    "    def _mix(self, seed: int, n: int) -> int:\n"
    "        i = 0\n        while i < n:\n            seed *= 1_000_003\n            seed += i\n"
    "            i += 1\n        return seed % 97\n\n"
)
USE_MIX = "        return self.fc(x) * float(self._mix(x.dim(), 5))"
HASH_ATTR = (
    "        h = 7\n        for k in range(6):\n            h = h * self.factor + k\n"
    "        return self.fc(x) * float(h % 89)"
)
FACTOR_ATTR = "        self.factor = 2654435761"
HASH_REDUCED = (
    "        h = 7\n        for k in range(6):\n            h = h * self.factor + k\n"
    "            h = h % 1000003\n        return self.fc(x) * float(h % 89)"
)
STRIDE = (
    "        stride = 1\n        for k in range(6):\n            stride = stride * 2\n"
    "        return self.fc(x) * float(stride)"
)

# TL246 (found while testing TL245: TorchScript compiles `%=` as fmod): a tensor wrapped with
# `%=` (negative entries), a float phase; clean: the same with `x = x % m`.
TENSOR_WRAP = "        y = self.fc(x) * 10\n        y %= 3\n        return y"
TENSOR_MOD = "        y = self.fc(x) * 10\n        y = y % 3\n        return y"
FLOAT_PHASE = (
    "        phase = x.size(1) - 7.5\n        phase %= 2.0\n        return self.fc(x) * phase"
)

SCRIPT_CASES = [
    (
        "TL208",
        _script_module(USE_HELPER, init=HOLD_REGISTRY, methods=IN_HELPER, extra=REGISTRY),
        True,
    ),
    ("TL208", _script_module(NOT_IN_VALUE, init=HOLD_REGISTRY, extra=REGISTRY), True),
    ("TL208", _script_module(BY_METHOD, init=HOLD_REGISTRY, extra=REGISTRY), False),
    ("TL208", _script_module(IN_MODULE_DICT, init=HOLD_HEADS), False),
    ("TL243", _script_module(INDEX_COMPREHENSION), True),
    ("TL243", _script_module(REMOVE_LOOP), True),
    ("TL243", _script_module(DEL_FIRST), False),
    ("TL243", _script_module(REMOVE_INT), False),
    ("TL244", _script_module(FORMAT_ATTR, init=EPS_ATTR), True),
    ("TL244", _script_module(PERCENT_LOOP), True),
    ("TL244", _script_module(FSTRING_DIVIDED), True),
    ("TL244", _script_module(INT_TEXT), False),
    ("TL244", _script_module(MESSAGE_ONLY, init=EPS_ATTR), False),
    ("TL244", _script_module(AGREEING_LITERALS), False),
    ("TL209", _script_module(ITEM_LIST_INDEX), True),
    ("TL209", _script_module(ANNOTATED_INT_LIST), False),
    ("TL245", _script_module(USE_MIX, methods=HASH_WHILE), True),
    ("TL245", _script_module(HASH_ATTR, init=FACTOR_ATTR), True),
    ("TL245", _script_module(HASH_REDUCED, init=FACTOR_ATTR), False),
    ("TL245", _script_module(STRIDE), False),
    ("TL246", _script_module(TENSOR_WRAP), True),
    ("TL246", _script_module(FLOAT_PHASE), True),
    ("TL246", _script_module(TENSOR_MOD), False),
]


@pytest.mark.parametrize(("code", "source", "flagged"), SCRIPT_CASES)
def test_script_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees_on_the_script_cases() -> None:
    disagree = script_disagreements(SCRIPT_CASES)
    assert not disagree, disagree


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("value", [0.1, 0.7, 1.0, 0.5, -2.0, 1e16, 1e20, 2.5e-7, 123.456])
def test_script_float_text_is_torchscript_s(value: float) -> None:
    """TL244's model of TorchScript's float text, checked against torch.jit.script."""
    import torch

    @torch.jit.script
    def text(v: float) -> str:
        return str(v)

    assert script_float_text(value) == text(value)


# TL102 (b67's decoder: `for _ in range(horizon.max())`): a tensor as a `range()` bound, in other
# spellings (a start and a stop, a count through a name); clean: a size (trace bakes that in:
# TL106's finding, so only compile and export are asked there).
RANGE_HEAD = "import torch\nfrom torch import nn\n\n\n"
RANGE_COUNT = (
    "        steps = (x > 0).sum()\n        out = x\n"
    "        for _ in range(steps):\n            out = out * 0.5\n        return out"
)
RANGE_START_STOP = (
    "        out = x\n        for i in range(1, x.argmax()):\n            out = out + i\n"
    "        return out"
)
RANGE_SIZE = "        out = x\n        for i in range(x.size(1)):\n            out = out + i\n        return out"
FLAGGED_BACKENDS = ("compile", "export", "trace")
RANGE_CASES = [
    (RANGE_COUNT, True, FLAGGED_BACKENDS),
    (RANGE_START_STOP, True, FLAGGED_BACKENDS),
    (RANGE_SIZE, False, ("compile", "export")),
]


@pytest.mark.parametrize(("forward", "flagged", "backends"), RANGE_CASES)
def test_range_of_a_tensor(forward: str, flagged: bool, backends: tuple[str, ...]) -> None:
    source = model_source(RANGE_HEAD, forward)
    for target in FLAGGED_BACKENDS:
        assert bool(findings(source, "TL102", target)) == flagged, (target, source)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("forward", "flagged", "backends"), RANGE_CASES)
def test_torch_agrees_on_range_of_a_tensor(
    forward: str, flagged: bool, backends: tuple[str, ...]
) -> None:
    from .oracle import check

    source = model_source(RANGE_HEAD, forward)
    for backend in backends:
        assert check(source, backend).ok != flagged, (backend, source)


# TL115 (b66's quantiser: `max(x.abs().max().item(), 1e-8)`): Python's max / min of a number
# read from tensor data under export, in other spellings (min through a name, an element of
# `.tolist()`); clean: max of a size, the clamp kept on the tensor, and max of an int read from
# the data with an int (export takes a symbolic max of ints).
MIN_OF_NAME = "        m = x.mean().item()\n        return self.fc(x) * min(m, 3.0)"
MIN_OF_LIST = (
    "        vals = x.sum(-1).flatten().tolist()\n        return self.fc(x) * max(vals[0], 0.5)"
)
MAX_OF_SIZE = "        return self.fc(x) * max(x.size(0), 1)"
CLAMPED = "        return self.fc(x) * x.abs().amax().clamp(min=1e-6)"
MAX_OF_INT_DATA = "        k = max((x > 0).sum().item() - 3, 0)\n        return self.fc(x) * k"
MIN_MAX_CASES = [
    (MIN_OF_NAME, True),
    (MIN_OF_LIST, True),
    (MAX_OF_SIZE, False),
    (CLAMPED, False),
    (MAX_OF_INT_DATA, False),
]


@pytest.mark.parametrize(("forward", "flagged"), MIN_MAX_CASES)
def test_min_max_of_data(forward: str, flagged: bool) -> None:
    source = model_source(RANGE_HEAD, forward)
    assert bool(findings(source, "TL115", "export")) == flagged, source


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("forward", "flagged"), MIN_MAX_CASES)
def test_torch_agrees_on_min_max_of_data(forward: str, flagged: bool) -> None:
    from .oracle import check

    source = model_source(RANGE_HEAD, forward)
    assert check(source, "export").ok != flagged, source


# TL208's fix (fixers/script_module_protocol.py): `in` / `not in` of a project module whose
# class defines `__contains__` become calls of it by name (`len()` and an index are
# fixers/script_heldout19.py's); a class without the method is left alone.
PROTOCOL_MODULE = normalized(
    """
    import torch
    from torch import nn


    class Vocab(nn.Module):
        def __init__(self):
            super().__init__()
            self.words = ["a", "bb", "ccc"]

        def __contains__(self, word: str) -> bool:
            return word in self.words

        def __len__(self) -> int:
            return len(self.words)

        def __getitem__(self, i: int) -> str:
            return self.words[i]


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.vocab = Vocab()

        def forward(self, x):
            known = "bb" in self.vocab
            unknown = "zz" not in self.vocab
            return x * (float(known) + float(unknown))


    def inputs():
        return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
    """
)
PROTOCOL_EDITS = [
    ('"bb" in self.vocab', 'self.vocab.__contains__("bb")'),
    ('"zz" not in self.vocab', 'not self.vocab.__contains__("zz")'),
]
SCRIPT_SETTINGS = Settings(targets=("script",), targets_explicit=True)


def test_module_protocol_called_by_name() -> None:
    assert_rewritten(PROTOCOL_MODULE, PROTOCOL_EDITS, False, SCRIPT_SETTINGS)


def test_module_protocol_left_alone_without_the_method() -> None:
    source = PROTOCOL_MODULE.replace("def __contains__", "def has")
    assert fixed_text(source, SCRIPT_SETTINGS) == source


@requires_torch
@pytest.mark.torch
def test_module_protocol_fix_scripts_with_eager_unchanged() -> None:
    assert_script_repaired(PROTOCOL_MODULE, fixed_text(PROTOCOL_MODULE, SCRIPT_SETTINGS))


# TL101 on `if <tensor test>: raise ...` (b66's `if sign == 0: raise ValueError`): a check the
# trace drops; the finding names trace as a warning (the traced module computes eager's values
# on every input eager accepts, and returns one where eager raises). A branch that computes
# keeps the trace claim as a failure.
CHECK_HEAD = "import warnings\n\nimport torch\nfrom torch import nn\n\n\n"
RAISE_CHECK = (
    "        if torch.isnan(x).any():\n"
    "            warnings.warn('nan input')\n"
    "            raise ValueError('nan input')\n"
    "        return self.fc(x)"
)
COMPUTING_BRANCH = "        if x.sum() > 0:\n            return self.fc(x)\n        return -x"


def test_a_raising_check_only_warns_for_trace() -> None:
    (check,) = findings(model_source(CHECK_HEAD, RAISE_CHECK), "TL101", "trace")
    assert check.warns == ("trace",) and "drops the check" in check.message
    (branch,) = findings(model_source(CHECK_HEAD, COMPUTING_BRANCH), "TL101", "trace")
    assert branch.warns == ()


@requires_torch
@pytest.mark.torch
def test_the_trace_drops_a_raising_check(tmp_path) -> None:
    import torch

    from .oracle import check

    source = model_source(CHECK_HEAD, RAISE_CHECK)
    assert check(source, "trace").ok  # eager's values on the inputs eager accepts
    namespace: dict = {}
    exec(compile(source, str(tmp_path / "check.py"), "exec"), namespace)
    model = namespace["Model"]()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (torch.randn(2, 3, 4),))
    bad = torch.full((2, 3, 4), float("nan"))
    with pytest.raises(ValueError):
        model(bad)
    traced(bad)  # the check is gone
