"""Session 27 (helper-246): what blind probe batch b71's misses and false alarm led to, in
other spellings. Each claim about torch is checked through the test oracle (torch 2.13, CPU).

- Reach: a method other than ``forward`` called on the loop variable of a loop over a module
  container (``for blk in self.blocks: z = blk.inverse(z)``, also ``reversed(self.blocks)``
  and a slice ``self.blocks[::-1]``) is graph code; b71's i-ResNet inverse hid its
  data-dependent ``if`` there.
- Kinds: in the wrapper a project decorator nests, calling the decorator's parameter
  (``scores = fn(*args, **kwargs)``) gives what the decorated functions return (b71's robust
  clip read ``float(scores.mean() + ...)`` of a tensor).
- Compile: a conversion per item of a list, set or dict comprehension over a tensor (``[int(i)
  for i in ids]``) is a break plain torch.compile reports even as the frame's first statement:
  Dynamo runs the comprehension inline after unbinding the tensor (a ``for`` loop is not:
  Dynamo skips the frame there and explain lists nothing).
- Script (TL223): builtin ``min`` / ``max`` of a parameter that requires grad (``min(self
  .logit_scale.exp(), 100.0)``: "Cannot input a tensor that requires grad as a scalar
  argument" when the scripted model runs), and ``range(n)`` of a local TorchScript types Tensor
  (``n = (e > 1).sum()``, or ``n = math.ceil(t.max() / 10)``, an int in Python that TorchScript
  compiles to the tensor op: "all inputs of range must be ints, found Tensor").
- Trace (TL101): builtin ``min`` / ``max`` of parameters and constants only keeps the same
  winner for every input: torch.jit.trace warns, its result stays eager's (``warns``).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = "import math\n\nimport torch\nfrom torch import nn\n\n\n"
INPUTS = """

def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 3) * 0.1,), (torch.randn(4, 3) * 5.0,)]
"""


def _source(body: str) -> str:
    return HEADER + body.strip("\n") + "\n" + INPUTS


# -- reach: a method of each module of a container, called on the loop variable ------------
BLOCK = """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.g = nn.Linear(3, 3)

    def inverse(self, y):
        x = y - self.g(y)
        if (x - y).abs().max() < 0.5:  # flagged
            return x
        return y

    def forward(self, x):
        return x + self.g(x)
"""
CONTAINER_LOOPS = {
    "plain": "for block in self.blocks:",
    "reversed": "for block in reversed(self.blocks):",
    "reverse_slice": "for block in self.blocks[::-1]:",
    "enumerate": "for i, block in enumerate(self.blocks):",
}
CONTAINER_MODEL = """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(2)])

    def forward(self, z):
        {loop}
            z = block.inverse(z)
        return z
"""


def _container_source(loop: str) -> str:
    return _source(BLOCK + CONTAINER_MODEL.replace("{loop}", loop))


@pytest.mark.parametrize("case", sorted(CONTAINER_LOOPS))
def test_method_of_container_item_is_graph_code(case: str) -> None:
    source = _container_source(CONTAINER_LOOPS[case])
    line = next(n for n, t in enumerate(source.splitlines(), 1) if "# flagged" in t)
    for backend in ("compile", "export", "trace"):
        assert [d.line for d in findings(source, "TL101", backend)] == [line], backend


@requires_torch
@pytest.mark.parametrize("case", sorted(CONTAINER_LOOPS))
def test_method_of_container_item_breaks(case: str) -> None:
    from .oracle import check

    source = _container_source(CONTAINER_LOOPS[case])
    for backend in ("compile", "export", "trace"):
        assert not check(source, backend).ok, backend


# -- kinds: the decorated function's result in the decorator's wrapper ----------------------
DECORATED = {
    "function_float": """
import functools


def capped(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        out = fn(*args, **kwargs)
        return out.clamp(max=float(out.mean()))  # flagged TL102

    return wrapper


@capped
def score(x, w):
    return x @ w


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 2))

    def forward(self, x):
        return score(x, self.w)
""",
    "method_condition": """
def guarded(method):
    def wrapper(self, x):
        y = method(self, x)
        if y.abs().max() > 1.0:  # flagged TL101
            y = y / y.abs().max()
        return y

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    @guarded
    def forward(self, x):
        return self.fc(x)
""",
}
# The wrapper reads only what no tensor gives: nothing to flag.
DECORATED_CLEAN = {
    "shape_only": """
def batched(fn):
    def wrapper(x):
        out = fn(x)
        return out.reshape(x.shape[0], -1)

    return wrapper


@batched
def double(x):
    return x * 2


class Model(nn.Module):
    def forward(self, x):
        return double(x)
""",
}


def _flagged_line(source: str) -> tuple[int, str]:
    for number, text in enumerate(source.splitlines(), start=1):
        if "# flagged" in text:
            return number, text.rsplit(" ", 1)[-1]
    raise AssertionError("no flagged line")


@pytest.mark.parametrize("case", sorted(DECORATED))
def test_decorated_result_in_wrapper_flagged(case: str) -> None:
    source = _source(DECORATED[case])
    line, code = _flagged_line(source)
    for backend in ("export", "trace"):
        assert [d.line for d in findings(source, code, backend)] == [line], backend


@pytest.mark.parametrize("case", sorted(DECORATED_CLEAN))
def test_decorated_result_in_wrapper_clean(case: str) -> None:
    source = _source(DECORATED_CLEAN[case])
    for code in ("TL101", "TL102"):
        for backend in ("compile", "export", "trace"):
            assert findings(source, code, backend) == [], (code, backend)


@requires_torch
@pytest.mark.parametrize("case", sorted(DECORATED))
def test_decorated_result_in_wrapper_breaks(case: str) -> None:
    from .oracle import check

    source = _source(DECORATED[case])
    for backend in ("compile", "export", "trace"):
        assert not check(source, backend).ok, backend


@requires_torch
@pytest.mark.parametrize("case", sorted(DECORATED_CLEAN))
def test_decorated_clean_passes(case: str) -> None:
    from .oracle import check

    source = _source(DECORATED_CLEAN[case])
    for backend in ("compile", "export", "trace"):
        assert check(source, backend).ok, backend


# -- compile: a conversion per item of a comprehension over a tensor ------------------------
IDS_INPUTS = """

def inputs():
    return [(torch.tensor([3, 5, 7, 12]),), (torch.tensor([1, 11, 2, 3]),)]
"""
COMPREHENSION_MODEL = """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Embedding(20, 4)

    def forward(self, ids):
        {body}
        return self.table(slots.clamp(0, 19))
"""
COMPREHENSIONS = {
    "list_int": "slots = torch.tensor([int(i) for i in ids])",
    "list_item": "slots = torch.tensor([i.item() % 20 for i in ids])",
    "dict_int": "slots = torch.tensor(list({int(i): 0 for i in ids}))",
}
# A `for` loop: Dynamo skips the frame on the break and explain lists none; fullgraph runs.
LOOPS = {
    "loop_int": "vals = []\n        for i in ids:\n            vals.append(int(i))\n"
    "        slots = torch.tensor(vals)",
}


def _ids_source(body: str) -> str:
    return HEADER + COMPREHENSION_MODEL.replace("{body}", body).strip("\n") + "\n" + IDS_INPUTS


@pytest.mark.parametrize("case", sorted(COMPREHENSIONS))
def test_comprehension_over_tensor_claims_compile(case: str) -> None:
    source = _ids_source(COMPREHENSIONS[case])
    assert findings(source, "TL102", "compile") or findings(source, "TL103", "compile")


@pytest.mark.parametrize("case", sorted(LOOPS))
def test_loop_over_tensor_claims_no_compile(case: str) -> None:
    source = _ids_source(LOOPS[case])
    assert findings(source, "TL102", "compile") == []
    assert findings(source, "TL102", "export")


@requires_torch
@pytest.mark.parametrize("case", sorted(COMPREHENSIONS))
def test_comprehension_over_tensor_breaks_compile(case: str) -> None:
    from .oracle import check

    assert not check(_ids_source(COMPREHENSIONS[case]), "compile").ok


@requires_torch
@pytest.mark.parametrize("case", sorted(LOOPS))
def test_loop_over_tensor_compiles(case: str) -> None:
    from .oracle import check

    assert check(_ids_source(LOOPS[case]), "compile").ok


# -- script: builtin min / max of a parameter that requires grad ----------------------------
SCALE_MODEL = """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.scale = {param}

    def forward(self, x):
        s = {call}
        return self.fc(x) * s
"""
GRAD_PARAMETERS = {
    "min_exp": ("nn.Parameter(torch.tensor(2.0))", "min(self.scale.exp(), 100.0)"),
    "max_plain": ("nn.Parameter(torch.tensor(0.5))", "max(self.scale, 0.1)"),
    "torch_nn_spelling": ("torch.nn.Parameter(torch.ones(()))", "min(self.scale * 2, 10.0)"),
}
FROZEN_PARAMETERS = {
    "requires_grad_false": (
        "nn.Parameter(torch.tensor(2.0), requires_grad=False)",
        "min(self.scale.exp(), 100.0)",
    ),
}


def _scale_source(param: str, call: str) -> str:
    body = SCALE_MODEL.replace("{param}", param).replace("{call}", call)
    return _source(body)


@pytest.mark.parametrize("case", sorted(GRAD_PARAMETERS))
def test_min_max_of_grad_parameter_flagged_for_script(case: str) -> None:
    found = findings(_scale_source(*GRAD_PARAMETERS[case]), "TL223", "script")
    assert len(found) == 1 and "requires grad" in found[0].message


@pytest.mark.parametrize("case", sorted(FROZEN_PARAMETERS))
def test_min_max_of_frozen_parameter_not_flagged(case: str) -> None:
    assert findings(_scale_source(*FROZEN_PARAMETERS[case]), "TL223", "script") == []


@pytest.mark.parametrize("case", sorted(GRAD_PARAMETERS) + sorted(FROZEN_PARAMETERS))
def test_min_max_of_parameters_only_warns_for_trace(case: str) -> None:
    found = findings(
        _scale_source(*{**GRAD_PARAMETERS, **FROZEN_PARAMETERS}[case]), "TL101", "trace"
    )
    assert len(found) == 1 and "trace" in found[0].warns


def test_min_max_of_input_data_still_diverges_for_trace() -> None:
    source = _scale_source("nn.Parameter(torch.tensor(2.0))", "min(x.abs().max(), 1.0)")
    found = findings(source, "TL101", "trace")
    assert len(found) == 1 and "trace" not in found[0].warns


@requires_torch
@pytest.mark.parametrize("case", sorted(GRAD_PARAMETERS))
def test_min_max_of_grad_parameter_fails_script(case: str) -> None:
    from .oracle import check

    verdict = check(_scale_source(*GRAD_PARAMETERS[case]), "script")
    assert not verdict.ok


@requires_torch
@pytest.mark.parametrize("case", sorted(GRAD_PARAMETERS) + sorted(FROZEN_PARAMETERS))
def test_min_max_of_parameters_only_trace_matches(case: str) -> None:
    from .oracle import check, trace_warnings

    source = _scale_source(*{**GRAD_PARAMETERS, **FROZEN_PARAMETERS}[case])
    assert check(source, "trace").ok
    assert trace_warnings(source)


@requires_torch
@pytest.mark.parametrize("case", sorted(FROZEN_PARAMETERS))
def test_min_max_of_frozen_parameter_scripts(case: str) -> None:
    from .oracle import check

    assert check(_scale_source(*FROZEN_PARAMETERS[case]), "script").ok


# -- script: `range(n)` of a local TorchScript types Tensor ---------------------------------
RANGE_MODEL = """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        {bound}
        for _ in range(n):
            x = torch.tanh(self.fc(x))
        return x
"""
TENSOR_BOUNDS = {
    "count_of_mask": "n = (x.abs() > 1.0).sum()",
    "math_ceil": "n = math.ceil(x.abs().max() / 2.0)",
    "math_floor_of_sum": "n = math.floor(x.abs().sum() / 4.0)",
}
NUMBER_BOUNDS = {
    "int_of_count": "n = int((x.abs() > 1.0).sum())",
    "size": "n = x.size(0)",
}


def _range_source(bound: str) -> str:
    return _source(RANGE_MODEL.replace("{bound}", bound))


@pytest.mark.parametrize("case", sorted(TENSOR_BOUNDS))
def test_range_of_tensor_local_flagged_for_script(case: str) -> None:
    found = findings(_range_source(TENSOR_BOUNDS[case]), "TL223", "script")
    assert len(found) == 1 and "range(n)" in found[0].message


@pytest.mark.parametrize("case", sorted(NUMBER_BOUNDS))
def test_range_of_number_local_not_flagged(case: str) -> None:
    assert findings(_range_source(NUMBER_BOUNDS[case]), "TL223", "script") == []


@requires_torch
@pytest.mark.parametrize("case", sorted(TENSOR_BOUNDS))
def test_range_of_tensor_local_fails_script(case: str) -> None:
    from .oracle import check

    verdict = check(_range_source(TENSOR_BOUNDS[case]), "script")
    assert not verdict.ok and "range" in verdict.detail


@requires_torch
@pytest.mark.parametrize("case", sorted(NUMBER_BOUNDS))
def test_range_of_number_local_scripts(case: str) -> None:
    from .oracle import check

    assert check(_range_source(NUMBER_BOUNDS[case]), "script").ok
