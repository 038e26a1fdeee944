"""Session 30 (helper-271): fresh21's compile and export false findings, in other spellings.

- A memo filled on a miss runs on the first call for its key only: the handler of ``try:
  ... memo[key] ... except KeyError:`` that stores ``memo[key]``, the body of ``if key not in
  memo:`` that stores it, and the code after ``if key in memo: return memo[key]``, where the
  memo outlives the call (a module-level dict, an entry of one, a dict on ``self``). A finding
  there (ezgatr's basis file, loaded with ``torch.load`` into a module-level cache) says it
  holds on the first call only: torch 2.13's fullgraph compile raises on ``torch.load`` when
  the first call is compiled, and passes once an eager call has filled the memo (Dynamo reads
  the dict and guards on it). A dict made in the call is no memo: flagged as before.
- TL311 no longer flags ``self.d[new] = self.d.pop(old)``, an entry moved to another key of the
  same dict (tensorkrowch's node renaming): the same value under its new key, and torch 2.13's
  export and trace agree with eager on every call. The move reads the entry, so a dict that
  also takes new data (a shift register: ``self.d["prev"] = self.d.pop("cur")`` then
  ``self.d["cur"] = x``) is still flagged, where the move reads it back, and export and trace
  diverge there.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

# -- a memo filled on a miss --------------------------------------------------------------------
MEMO = """
import torch
from torch import nn

_CACHE = {}
PATH = "basis.pt"


def load_basis(device, dtype):
{body}


class Model(nn.Module):
    def forward(self, x):
        return x @ load_basis(x.device, x.dtype)
"""
TRY_MISS = """\
    basis = _CACHE.get((device, dtype))
    if basis is not None:
        return basis
    proto = (torch.device("cpu"), torch.float32)
    try:
        _CACHE[(device, dtype)] = _CACHE[proto].detach().to(device, dtype)
    except KeyError:
        _CACHE[proto] = torch.load(PATH, weights_only=True)
    return load_basis(device, dtype)"""
NOT_IN = """\
    key = (device, dtype)
    if key not in _CACHE:
        _CACHE[key] = torch.load(PATH, weights_only=True).to(device, dtype)
    return _CACHE[key]"""
EARLY_EXIT = """\
    key = (device, dtype)
    if key in _CACHE:
        return _CACHE[key]
    basis = torch.load(PATH, weights_only=True).to(device, dtype)
    _CACHE[key] = basis
    return basis"""
ENTRY_ALIAS = """\
    cache = _CACHES["gp"]
    try:
        return cache[(device, dtype)]
    except KeyError:
        cache[(device, dtype)] = torch.load(PATH, weights_only=True).to(device, dtype)
    return cache[(device, dtype)]"""
# A dict made in the call: every call misses.
LOCAL = """\
    cache = {}
    try:
        return cache[(device, dtype)]
    except KeyError:
        cache[(device, dtype)] = torch.load(PATH, weights_only=True).to(device, dtype)
    return cache[(device, dtype)]"""
# A handler that does not fill the memo it read.
NO_FILL = """\
    try:
        return _CACHE[(device, dtype)]
    except KeyError:
        return torch.load(PATH, weights_only=True).to(device, dtype)"""


def _memo(body: str) -> str:
    source = MEMO.replace("{body}", body)
    return source.replace("_CACHE = {}", '_CACHE = {}\n_CACHES = {"gp": _CACHE}')


@pytest.mark.parametrize(
    "body", [TRY_MISS, NOT_IN, EARLY_EXIT, ENTRY_ALIAS], ids=["try", "not_in", "exit", "alias"]
)
def test_io_on_a_memo_miss_holds_on_the_first_call_only(body: str):
    found = findings(_memo(body), "TL307", "compile")
    assert len(found) == 1
    assert found[0].condition is not None
    assert found[0].condition.endswith(", on the first call only")
    assert "runs only on the first call" in found[0].message


@pytest.mark.parametrize("body", [LOCAL, NO_FILL], ids=["local", "no_fill"])
def test_io_without_a_memo_kept_across_calls_holds_on_every_call(body: str):
    found = findings(_memo(body), "TL307", "compile")
    assert len(found) == 1
    assert found[0].condition is None


SIZE_KEYED = """
import torch
from torch import nn

_CACHE = {}


class Model(nn.Module):
    def forward(self, x):
        rows = x.shape[0]
        if rows not in _CACHE:
            _CACHE[rows] = torch.load("basis.pt", weights_only=True)
        return x @ _CACHE[rows]
"""


def test_size_keyed_memo_is_not_first_call_only():
    # torch.jit.trace records sizes as tensors, which no stored key equals: every call misses.
    found = findings(SIZE_KEYED, "TL307", "compile")
    assert len(found) == 1
    assert found[0].condition is None


PROBE = """
import sys, torch, warnings
warnings.filterwarnings("ignore")
torch.save(torch.eye(3), "basis.pt")
sys.path.insert(0, ".")
import example
x = torch.randn(2, 3)
if sys.argv[1] == "eager_first":
    example.Model()(x)
try:
    torch.compile(example.Model(), fullgraph=True, backend="eager")(x)
    print("compiled")
except Exception as exc:
    print("raised", type(exc).__name__)
"""


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("body", [TRY_MISS, NOT_IN, EARLY_EXIT], ids=["try", "not_in", "exit"])
def test_torch_compiles_a_filled_memo_and_fails_on_the_first_call(body: str, tmp_path):
    (tmp_path / "example.py").write_text(_memo(body))
    (tmp_path / "probe.py").write_text(PROBE)

    def run(order: str) -> str:
        done = subprocess.run(
            [sys.executable, "probe.py", order],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        return done.stdout.strip().splitlines()[-1]

    assert run("eager_first") == "compiled"
    assert run("compiled_first").startswith("raised")


# -- TL311: an entry moved to another key -------------------------------------------------------
MOVED = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3))
        self.memory = {"a": self.w}

    def relabel(self, old, new):
        if self.memory.get(old) is not None:
            self.memory[new] = self.memory.pop(old)

    def forward(self, x):
        old, new = ("a", "b") if "a" in self.memory else ("b", "a")
        self.relabel(old, new)
        return x * self.memory[new]
"""
SHIFT = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.memory = {"cur": torch.zeros(3)}

    def forward(self, x):
        self.memory["prev"] = self.memory.pop("cur")
        self.memory["cur"] = x * 2
        return x + self.memory["prev"]
"""
INPUTS = """

def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3),) for _ in range(4)]
"""


def test_entry_moved_to_another_key_not_flagged():
    for target in ("export", "trace"):
        assert findings(MOVED, "TL311", target) == [], target


def test_entry_moved_in_a_dict_taking_new_data_still_flagged():
    for target in ("export", "trace"):
        found = findings(SHIFT, "TL311", target)
        assert [d.line for d in found] == [11], target


@requires_torch
@pytest.mark.torch
def test_torch_agrees_with_eager_on_a_moved_entry_and_diverges_on_a_shift():
    from .oracle import check

    for backend in ("export", "trace"):
        assert check(MOVED + INPUTS, backend).ok, backend
        assert not check(SHIFT + INPUTS, backend).ok, backend


# -- TL332: `cls._make_subclass(cls, t)` in a tensor subclass's `__new__` ---------------------
SUBCLASS = """
import torch
from torch import nn


class Marked(torch.Tensor):
    def __new__(cls, data):
        return {made}


class Model(nn.Module):
    def forward(self, x):
        return Marked(x * 2).sum(-1)
"""
MADE = {
    "own_class": "cls._make_subclass(cls, data.clone(), False)",
    "tensor_class": "torch.Tensor._make_subclass(cls, data.clone(), False)",
}


@pytest.mark.parametrize("name", sorted(MADE))
def test_make_subclass_in_new_flagged_for_export(name: str):
    found = findings(SUBCLASS.replace("{made}", MADE[name]), "TL332", "export")
    assert [d.line for d in found] == [7]
    assert "torch.export fails" in found[0].message


def test_make_subclass_of_another_class_not_flagged():
    # `other._make_subclass(...)` of a name that is not the class being made.
    source = SUBCLASS.replace("{made}", "other._make_subclass(cls, data)").replace(
        "def __new__(cls, data):", "def __new__(cls, data, other=None):"
    )
    assert findings(source, "TL332", "export") == []


@requires_torch
@pytest.mark.torch
def test_torch_export_fails_on_make_subclass_of_cls():
    from .oracle import check

    source = SUBCLASS.replace("{made}", MADE["own_class"]) + INPUTS
    verdict = check(source, "export")
    assert not verdict.ok
    assert "Creating a new Tensor subclass" in verdict.detail


# -- TL215: a Union returned by a method, passed to a torch function ----------------------------
UNION_RETURN = """
from typing import List, Tuple, Union

import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def size_of(self, x: torch.Tensor) -> {returns}:
        return x.size(2), x.size(3)

    def forward(self, x):
        return F.interpolate(
            x, size=self.size_of(x), mode="bilinear", align_corners=False
        )


def inputs():
    return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 3, 5),)]
"""


def test_union_returned_by_a_method_flagged_at_the_call():
    source = UNION_RETURN.replace("{returns}", "Union[Tuple[int], Tuple[int, int]]")
    found = findings(source, "TL215", "script")
    assert [d.line for d in found] == [13]
    assert "returns a `Union[Tuple[int], Tuple[int, int]]`" in found[0].message


def test_one_type_returned_not_flagged():
    source = UNION_RETURN.replace("{returns}", "Tuple[int, int]")
    assert findings(source, "TL215", "script") == []


@requires_torch
@pytest.mark.torch
def test_torch_script_rejects_the_union_and_takes_the_tuple():
    from .oracle import check

    union = UNION_RETURN.replace("{returns}", "Union[Tuple[int], Tuple[int, int]]")
    verdict = check(union, "script")
    assert not verdict.ok
    assert "Arguments for call are not valid" in verdict.detail
    assert check(UNION_RETURN.replace("{returns}", "Tuple[int, int]"), "script").ok


# -- TL212: a plain object made by a method of an annotated parameter ---------------------------
PLAN = """
from typing import List

import torch
from torch import nn


class Plan:
    def __init__(self, steps: List[int]):
        self.steps = steps

    def __iter__(self):
        return iter(self.steps)

    def resolve(self, n: int) -> "Plan":
        return Plan([s % n for s in self.steps])


class Scan(nn.Module):
    def __init__(self, plan: Plan, n: int):
        super().__init__()
        self.plan = {stored}

    def forward(self, x):
        for step in self.plan:
            x = x + step
        return x


class Model(Scan):
    def __init__(self):
        super().__init__(Plan([1, 2, 4]), 3)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_plain_object_made_by_a_parameter_method_flagged():
    found = findings(PLAN.replace("{stored}", "plan.resolve(n)"), "TL212", "script")
    assert [d.line for d in found] == [24]
    assert "holds an instance of" in found[0].message


def test_values_of_the_made_object_not_flagged():
    source = PLAN.replace("{stored}", "plan.resolve(n).steps")
    assert findings(source, "TL212", "script") == []


@requires_torch
@pytest.mark.torch
def test_torch_script_has_no_attribute_for_the_made_object():
    from .oracle import check

    verdict = check(PLAN.replace("{stored}", "plan.resolve(n)"), "script")
    assert not verdict.ok
    assert check(PLAN.replace("{stored}", "plan.resolve(n).steps"), "script").ok
