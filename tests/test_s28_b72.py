"""Session 28 (helper-250): what blind probe batch b72's misses and false alarm led to, in
other spellings. Each claim about torch is checked through the test oracle (torch 2.13, CPU).

- Reach: a decorator runs where its ``def`` statement runs (at import for a top-level function
  or a method), not in the function's body, so a registry decorator's call
  (``@register_readout("sum")``) is no scripted call (b72's molecule readout registry: TL210
  claimed TorchScript would type its string argument as Tensor).
- Export (TL112): a value read from tensor data (``.item()``, ``.tolist()``) passed to a
  function under ``functools.lru_cache`` / ``functools.cache`` is hashed by the cache, and
  torch.export cannot hash the symbolic number (TypeError: unhashable type: non-nested SymInt);
  torch.compile traces the wrapped function without the cache, and a size passes export.
- Script (TL209): a ``@classmethod`` called through its class's name (``Decoder.refine(x)``,
  ``Model.build(x)``) fails to script (INTERNAL ASSERT FAILED); another module class's
  classmethod through that class fails with "attribute lookup is not defined on python value
  of type 'type'" (TL216's, not flagged twice); a ``@staticmethod`` through the class and a
  classmethod through ``self`` script.
- Script (TL216): a class attribute of a mixin (or of the subclass) read through ``self`` in a
  subclass of a torch module class (``class QATLinear(FakeQuantMixin, nn.Linear)``) fails
  (Module 'QATLinear' has no attribute 'bits') unless the torch class binds the name itself
  (``in_features``), which its installed source tells.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = "import functools\n\nimport torch\nfrom torch import nn\n\n\n"


# -- reach: a decorator's call runs at import, not in scripted code --------------------------
REGISTRY = """
READOUTS = {}


def register(name):
    def deco(fn):
        READOUTS[name] = fn
        return fn

    return deco


@register("sum")
def sum_readout(h: torch.Tensor) -> torch.Tensor:
    return h.sum(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.readout = READOUTS["sum"]
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(self.readout(x))


def inputs():
    return [(torch.randn(4, 3),), (torch.randn(5, 3),)]
"""
# The same helper shape called in `forward`'s body: TorchScript compiles that call.
UNANNOTATED_CALL = """
def scale(x, k):
    return x * k


class Model(nn.Module):
    def forward(self, x):
        return scale(x, 3)  # flagged


def inputs():
    return [(torch.randn(4, 3),), (torch.randn(5, 3),)]
"""


def test_decorator_call_is_not_scripted_code() -> None:
    assert findings(HEADER + REGISTRY, "TL210", "script") == []


def test_call_in_forward_body_still_flagged() -> None:
    found = findings(HEADER + UNANNOTATED_CALL, "TL210", "script")
    assert [d.line for d in found] == [14]


@requires_torch
def test_registry_decorator_scripts() -> None:
    from .oracle import check

    assert check(HEADER + REGISTRY, "script").ok


@requires_torch
def test_unannotated_call_fails_script() -> None:
    from .oracle import check

    assert not check(HEADER + UNANNOTATED_CALL, "script").ok


# -- export: a functools cache hashes what it is given --------------------------------------
CACHED = """
@functools.lru_cache(maxsize=None)
def penalty(n, alpha=0.6):
    return ((5.0 + n) / 6.0) ** alpha


@functools.cache
def offset(n):
    return n + 0.5


class Model(nn.Module):
    def forward(self, x, lengths):
        return {body}


def inputs():
    return [
        (torch.randn(3, 4), torch.tensor([2, 3, 1])),
        (torch.randn(3, 4), torch.tensor([1, 1, 3])),
    ]
"""
HASHED = {
    "tolist_comprehension": "x.sum(1) / torch.tensor([penalty(n) for n in lengths.tolist()])",
    "item": "x / penalty(lengths.max().item())",
    "cache_keyword": "x / offset(n=lengths.min().item())",
}
NOT_HASHED = {
    "size": "x / penalty(x.size(1))",
    "tensor": "x / (5.0 + lengths.float().unsqueeze(-1)) ** 0.6",
}
CACHED_LINE = 20


def _cached(body: str) -> str:
    return HEADER + CACHED.format(body=body)


@pytest.mark.parametrize("case", sorted(HASHED))
def test_data_value_to_cache_flagged_for_export(case: str) -> None:
    found = findings(_cached(HASHED[case]), "TL112", "export")
    assert [d.line for d in found] == [CACHED_LINE]
    assert "functools cache" in found[0].message
    assert findings(_cached(HASHED[case]), "TL112", "compile") == []


@pytest.mark.parametrize("case", sorted(NOT_HASHED))
def test_size_or_tensor_to_cache_not_flagged(case: str) -> None:
    assert findings(_cached(NOT_HASHED[case]), "TL112", "export") == []


def test_int_conversion_left_to_tl102() -> None:
    # `int(t)` fails export itself ("Could not extract specialized integer"), before the cache.
    assert findings(_cached("x / penalty(int(lengths.max()))"), "TL112", "export") == []


@requires_torch
@pytest.mark.parametrize("case", sorted(HASHED))
def test_data_value_to_cache_fails_export(case: str) -> None:
    from .oracle import check

    verdict = check(_cached(HASHED[case]), "export")
    assert not verdict.ok
    assert "unhashable type" in verdict.detail


@requires_torch
@pytest.mark.parametrize("case", sorted(HASHED))
def test_data_value_to_cache_passes_fullgraph(case: str) -> None:
    from .oracle import check

    assert check(_cached(HASHED[case]), "fullgraph").ok


@requires_torch
@pytest.mark.parametrize("case", sorted(NOT_HASHED))
def test_size_or_tensor_to_cache_passes_export(case: str) -> None:
    from .oracle import check

    assert check(_cached(NOT_HASHED[case]), "export").ok


# -- script: a classmethod called through its class -----------------------------------------
CLASSES = """
class Decoder:
    @classmethod
    def refine(cls, heat: torch.Tensor) -> torch.Tensor:
        return heat * 2

    @staticmethod
    def shift(heat: torch.Tensor) -> torch.Tensor:
        return heat + 1


class Other(nn.Module):
    @classmethod
    def build(cls, x: torch.Tensor) -> torch.Tensor:
        return x - 1


class Model(nn.Module):
    @classmethod
    def scale(cls, x: torch.Tensor) -> torch.Tensor:
        return x * 3

    def forward(self, x):
        return {body}


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""
CLASS_CALLS = {
    "plain_class": ("Decoder.refine(x)", "INTERNAL ASSERT"),
    "own_module_class": ("Model.scale(x)", "INTERNAL ASSERT"),
}
# Another module class's classmethod: TorchScript takes that class for a Python `type` (TL216).
OTHER_MODULE_CALL = ("Other.build(x)", "python value of type 'type'")
COMPILING_CALLS = {
    "staticmethod_through_class": "Decoder.shift(x)",
    "classmethod_through_self": "self.scale(x)",
}
CLASS_CALL_LINE = 30


def _classes(body: str) -> str:
    return HEADER + CLASSES.format(body=body)


@pytest.mark.parametrize("case", sorted(CLASS_CALLS))
def test_classmethod_through_class_flagged(case: str) -> None:
    call, error = CLASS_CALLS[case]
    found = findings(_classes(call), "TL209", "script")
    assert [d.line for d in found] == [CLASS_CALL_LINE]
    assert "@classmethod" in found[0].message and error in found[0].message


def test_other_module_classmethod_left_to_tl216() -> None:
    source = _classes(OTHER_MODULE_CALL[0])
    assert findings(source, "TL209", "script") == []
    assert [d.line for d in findings(source, "TL216", "script")] == [CLASS_CALL_LINE]


@requires_torch
def test_other_module_classmethod_fails_script() -> None:
    from .oracle import check

    verdict = check(_classes(OTHER_MODULE_CALL[0]), "script")
    assert not verdict.ok
    assert OTHER_MODULE_CALL[1] in verdict.detail


@pytest.mark.parametrize("case", sorted(COMPILING_CALLS))
def test_compiling_calls_not_flagged(case: str) -> None:
    assert findings(_classes(COMPILING_CALLS[case]), "TL209", "script") == []


@requires_torch
@pytest.mark.parametrize("case", sorted(CLASS_CALLS))
def test_classmethod_through_class_fails_script(case: str) -> None:
    from .oracle import check

    call, error = CLASS_CALLS[case]
    verdict = check(_classes(call), "script")
    assert not verdict.ok
    assert error in verdict.detail


@requires_torch
@pytest.mark.parametrize("case", sorted(COMPILING_CALLS))
def test_compiling_calls_script(case: str) -> None:
    from .oracle import check

    assert check(_classes(COMPILING_CALLS[case]), "script").ok


# -- script: a class attribute read through a torch module base ----------------------------
LINEAR_SUBCLASS = """
class FakeQuantMixin:
    bits = 8

    def quant(self, x: torch.Tensor) -> torch.Tensor:
        return torch.round(x * {read}) / {read}


class QATLinear(FakeQuantMixin, nn.Linear):
    {body}def forward(self, x):
        return nn.functional.linear(self.quant(x), self.weight, self.bias)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = QATLinear(3, 3)

    def forward(self, x):
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""
# (what `quant` reads, an extra class-body line of the nn.Linear subclass)
CLASS_ATTRIBUTE_READS = {
    "mixin_over_linear": ("self.bits", ""),
    "subclass_body_over_linear": ("self.levels", "levels = 255\n\n    "),
}
# An attribute nn.Linear sets on the instance in its __init__: the instance's value is read.
INSTANCE_ATTRIBUTE_READS = {
    "linear_sets_it": ("self.in_features", "in_features = 0\n\n    "),
}


def _linear(read: str, body: str) -> str:
    return HEADER + LINEAR_SUBCLASS.format(read=read, body=body)


# TL216 reads the attributes nn.Linear sets from torch's installed source: without torch
# installed (the lint-only suite) it knows nothing of the base and stays silent.
@requires_torch
@pytest.mark.parametrize("case", sorted(CLASS_ATTRIBUTE_READS))
def test_class_attribute_over_torch_base_flagged(case: str) -> None:
    found = findings(_linear(*CLASS_ATTRIBUTE_READS[case]), "TL216", "script")
    assert sorted({d.line for d in found}) == [12]  # both reads of the line


@pytest.mark.parametrize("case", sorted(INSTANCE_ATTRIBUTE_READS))
def test_attribute_torch_base_sets_not_flagged(case: str) -> None:
    assert findings(_linear(*INSTANCE_ATTRIBUTE_READS[case]), "TL216", "script") == []


@requires_torch
@pytest.mark.parametrize("case", sorted(CLASS_ATTRIBUTE_READS))
def test_class_attribute_over_torch_base_fails_script(case: str) -> None:
    from .oracle import check

    verdict = check(_linear(*CLASS_ATTRIBUTE_READS[case]), "script")
    assert not verdict.ok
    assert "has no attribute" in verdict.detail


@requires_torch
@pytest.mark.parametrize("case", sorted(INSTANCE_ATTRIBUTE_READS))
def test_attribute_torch_base_sets_scripts(case: str) -> None:
    from .oracle import check

    assert check(_linear(*INSTANCE_ATTRIBUTE_READS[case]), "script").ok
