"""Session 26 (helper-236): what fresh17's trace misses led to, in other spellings.

- TL109 (traced-input-check) on ``self`` of a plain object: linear-operator's
  ``LinearOperator`` methods check ``if not self.is_square: raise RuntimeError(...)`` (a
  property: ``self.matrix_shape[0] == self.matrix_shape[1]``, sizes of the operator graph code
  built from its inputs). The rule took any size read through ``self`` for a module's weights
  (the same on every call), so it said nothing; but ``self`` of a project class with no
  ``nn.Module`` (nor any other foreign class) among its ancestors is an object graph code
  builds from tensors it is given, and torch.jit.trace drops the check like any other input
  check. Here: a property spelled ``has_rows``, a plain method, ``assert`` on ``self.size()``,
  a class deriving from ``abc.ABC`` and a subclass inheriting the check.
- Silent: the same checks in an ``nn.Module`` (its weights), in a class deriving from a class
  outside the project (what it is is not known), and a property that is not a size.

Each claim about torch is checked by running torch.jit.trace: the traced model accepts an
input the eager model rejects.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

PLAIN_OPERATOR = """
import abc
import torch
from torch import nn


class Base{base}:
    def __init__(self, t):
        self.t = t

    @property
    def shape(self):
        return self.t.shape

    def size(self, dim):
        return self.t.size(dim)

    @property
    def has_rows(self):
        return self.shape[-2] == self.shape[-1]

    def square(self):
        return self.size(-2) == self.size(-1)

    def check_property(self):
        if not self.has_rows:
            raise RuntimeError("square operators only")
        return self.t

    def check_method(self):
        if not self.square():
            raise ValueError("square operators only")
        return self.t

    def check_assert(self):
        assert self.shape[-1] == self.shape[-2], "square operators only"
        return self.t


class Dense(Base):
    pass


class Model(nn.Module):
    def forward(self, x):
        op = Dense(x)
        return op.check_{spelling}() * 2
"""

CHECK_LINES = {"property": 25, "method": 30, "assert": 35}
BASES = {"plain": "", "object": "(object)", "abc": "(abc.ABC)"}


def _source(spelling: str, base: str) -> str:
    return textwrap.dedent(PLAIN_OPERATOR).lstrip("\n").format(spelling=spelling, base=base)


@pytest.mark.parametrize("base", sorted(BASES))
@pytest.mark.parametrize("spelling", sorted(CHECK_LINES))
def test_check_on_plain_object_flagged(spelling: str, base: str) -> None:
    found = findings(_source(spelling, BASES[base]), "TL109", "trace")
    assert [d.line for d in found] == [CHECK_LINES[spelling]]


@requires_torch
@pytest.mark.parametrize("spelling", sorted(CHECK_LINES))
def test_check_on_plain_object_dropped_by_trace(tmp_path: Path, spelling: str) -> None:
    import torch

    module = load_module(tmp_path, _source(spelling, ""), f"plain_{spelling}")
    model = module.Model().eval()
    traced = torch.jit.trace(model, (torch.randn(3, 3),), check_trace=False)
    wide = torch.randn(2, 5)
    with pytest.raises((RuntimeError, ValueError, AssertionError)):
        model(wide)
    # The trace kept no check: the non-square input goes through.
    assert torch.equal(traced(wide), wide * 2)


def test_module_weights_not_flagged() -> None:
    # `self` of an nn.Module: its weights are the same on every call.
    source = """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = nn.Parameter(torch.randn(4, 4))

        @property
        def has_rows(self):
            return self.weight.size(0) == self.weight.size(1)

        def forward(self, x):
            if not self.has_rows:
                raise RuntimeError("square weights only")
            return x @ self.weight
    """
    assert findings(source, "TL109", "trace") == []


def test_foreign_base_not_flagged() -> None:
    # A class deriving from one outside the project: it may hold fixed state.
    source = """
    import torch
    from torch import nn
    from somewhere import Holder


    class Op(Holder):
        def __init__(self, t):
            self.t = t

        def check(self):
            if self.t.size(0) != self.t.size(1):
                raise RuntimeError("square only")
            return self.t


    class Model(nn.Module):
        def forward(self, x):
            return Op(x).check()
    """
    assert findings(source, "TL109", "trace") == []


def test_property_not_a_size_not_flagged() -> None:
    source = """
    import torch
    from torch import nn


    class Op:
        def __init__(self, t, name):
            self.t = t
            self.name = name

        @property
        def named(self):
            return self.name == "dense"

        def check(self):
            if not self.named:
                raise RuntimeError("dense only")
            return self.t


    class Model(nn.Module):
        def forward(self, x):
            return Op(x, "dense").check()
    """
    assert findings(source, "TL109", "trace") == []


# ---------------------------------------------- a module's own __call__ is graph code

OVERRIDDEN_CALL = """
import torch
from torch import nn


class Wrapped(nn.Module):
    def __call__(self, x, skip=False):
        if x.sum() > 0 and not skip:
            return super().__call__(x) + 1
        return super().__call__(x)


class Leaf(Wrapped):
    def forward(self, x):
        return x * 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        {init}

    def forward(self, x):
        {call}
"""

CALLS = {
    "attribute": ("self.leaf = Leaf()", "return self.leaf(x)"),
    "item": (
        "self.blocks = nn.ModuleList([Leaf(), Leaf()])",
        "for block in self.blocks:\n            x = block(x)\n        return x",
    ),
}


def _overridden(spelling: str) -> str:
    init, call = CALLS[spelling]
    return textwrap.dedent(OVERRIDDEN_CALL).lstrip("\n").format(init=init, call=call)


@pytest.mark.parametrize("spelling", sorted(CALLS))
@pytest.mark.parametrize("target", ["compile", "export", "trace"])
def test_condition_in_module_call_override_flagged(spelling: str, target: str) -> None:
    found = findings(_overridden(spelling), "TL101", target)
    assert [d.line for d in found] == [7]


@pytest.mark.parametrize("spelling", sorted(CALLS))
def test_module_call_override_not_script_code(spelling: str) -> None:
    # torch.jit.script compiles the submodule's forward; its __call__ never runs there.
    assert not [d for d in findings(_overridden(spelling), "TL101", "script")]


def test_unused_call_method_not_reached() -> None:
    # A method named like the hook but never called by anything: not graph code.
    source = """
    import torch
    from torch import nn


    class Leaf(nn.Module):
        def call(self, x):
            if x.sum() > 0:
                return x + 1
            return x

        def forward(self, x):
            return x * 2


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.leaf = Leaf()

        def forward(self, x):
            return self.leaf(x)
    """
    assert findings(source, "TL101", "compile") == []


@requires_torch
@pytest.mark.parametrize("spelling", sorted(CALLS))
def test_module_call_override_breaks_compile_and_export(tmp_path: Path, spelling: str) -> None:
    import torch

    module = load_module(tmp_path, _overridden(spelling), f"override_{spelling}")
    model = module.Model().eval()
    x = torch.randn(4)
    with pytest.raises(Exception, match="[Dd]ata-dependent"):
        torch.compile(model, fullgraph=True, backend="eager")(x)
    torch._dynamo.reset()
    with pytest.raises(Exception) as caught:
        torch.export.export(model, (x,))
    frames = [
        (Path(f.filename).name, f.lineno)
        for f in __import__("traceback").extract_tb(caught.value.__traceback__)
    ]
    assert (f"override_{spelling}.py", 7) in frames, frames


# ------------------------------- the wrapper of a decorator another decorator hands on to

DISPATCHED = """
import functools
import pickle

import torch
from torch import nn


def _memo(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        key = pickle.dumps(kwargs)
        return method(self, *args, **kwargs)

    return wrapper


def _memo_plain(method):
    def plain(self, *args):
        key = pickle.dumps(args)
        return method(self, *args)

    return plain


def memo(method=None, keyed=True):
{body}


class Model(nn.Module):
    @memo
    def scale(self, x):
        return x * 2

    def forward(self, x):
        return self.scale(x) + 1
"""

DISPATCHERS = {
    "direct": ("    return _memo(method)\n", [11]),
    "branch": (
        "    if keyed:\n        return _memo(method)\n    return _memo_plain(method)\n",
        [11, 19],
    ),
}


def _dispatched(spelling: str) -> str:
    return textwrap.dedent(DISPATCHED).lstrip("\n").format(body=DISPATCHERS[spelling][0])


@pytest.mark.parametrize("spelling", sorted(DISPATCHERS))
def test_wrapper_of_handed_on_decorator_is_graph_code(spelling: str) -> None:
    found = findings(_dispatched(spelling), "TL317", "compile")
    assert sorted(d.line for d in found) == DISPATCHERS[spelling][1]


def test_registering_decorator_reaches_nothing() -> None:
    # A decorator that hands the function to one storing it in a registry: no wrapper runs.
    source = """
    import pickle

    import torch
    from torch import nn

    REGISTRY = {}


    def _register(method):
        def unused(*args):
            return pickle.dumps(args)

        REGISTRY[method.__name__] = method
        return method


    def register(method):
        return _register(method)


    class Model(nn.Module):
        @register
        def scale(self, x):
            return x * 2

        def forward(self, x):
            return self.scale(x) + 1
    """
    assert findings(source, "TL317", "compile") == []


@requires_torch
def test_handed_on_wrapper_breaks_compile(tmp_path: Path) -> None:
    import torch

    module = load_module(tmp_path, _dispatched("direct"), "dispatched_direct")
    with pytest.raises(Exception, match="marked as skipped") as caught:
        torch.compile(module.Model(), fullgraph=True, backend="eager")(torch.randn(3))
    assert 'dispatched_direct.py", line 11' in str(caught.value)


TOP_LEVEL_CALL = """
import torch
from torch import nn


class Top(nn.Module):
    def __call__(self, x):
        if x.sum() > 0:
            return super().__call__(x) + 1
        return super().__call__(x)

    def forward(self, x):
        return x * 2
"""


@pytest.mark.parametrize("target", ["compile", "export", "trace"])
def test_top_level_call_override_is_graph_code(target: str) -> None:
    assert [d.line for d in findings(TOP_LEVEL_CALL, "TL101", target)] == [7]


@requires_torch
def test_top_level_call_override_run_by_every_backend(tmp_path: Path) -> None:
    import warnings

    import torch

    module = load_module(tmp_path, TOP_LEVEL_CALL, "top_level_call")
    x = torch.randn(3)
    with pytest.raises(Exception, match="[Dd]ata-dependent"):
        torch.compile(module.Top(), fullgraph=True, backend="eager")(x)
    torch._dynamo.reset()
    with pytest.raises(Exception, match="data-dependent"):
        torch.export.export(module.Top(), (x,))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(module.Top(), (x,))
    assert any(issubclass(w.category, torch.jit.TracerWarning) and w.lineno == 7 for w in caught), [
        (w.lineno, str(w.message)[:60]) for w in caught
    ]
