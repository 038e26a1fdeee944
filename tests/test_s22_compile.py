"""Session 22, helper-210: compile / export misses of the blind corpus fresh14, in other
spellings than the corpus's, each verdict confirmed by torch (tests/oracle.py: fullgraph and
plain compile with ``torch._dynamo.explain``, ``torch.export.export``)."""

from __future__ import annotations

import textwrap

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

HEAD = "import torch\nfrom torch import nn\n\n\n"
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]\n"


def _model(forward: str, extra: str = "") -> str:
    """A ``Model`` whose forward is ``forward`` (indented 8), after ``extra`` top-level code."""
    return (
        HEAD
        + extra
        + "class Model(nn.Module):\n    def forward(self, x):\n"
        + textwrap.indent(textwrap.dedent(forward).strip("\n"), " " * 8)
        + "\n"
        + INPUTS
    )


# TL107: a boolean mask reached through tuple unpacking of a split (quatorch's `regime_0, ... =
# (diag == diag_max[..., None]).unbind(-1)` then `R[regime_0, 2, 1]`), here through
# `torch.chunk`, a tuple display and a layout method; an integer index split the same way, and
# a mask piece only used in `torch.where`, are no dynamic shapes.
CHUNKED_MASK = _model(
    """
    lo, hi = torch.chunk(x > 0, 2, dim=-1)
    return x[..., :2][hi]
    """
)
DISPLAYED_MASK = _model(
    """
    pos, neg = x > 0.5, x < -0.5
    return x[neg].sum()
    """
)
RESHAPED_MASK = _model(
    """
    keep = (x.abs() > 0.2).reshape(-1)
    return x.reshape(-1)[keep]
    """
)
ROWS_OF_MASK = _model(
    """
    first, *_ = x > 0
    return x[0][first]
    """
)
SPLIT_INDEX = _model(
    """
    a, b = torch.chunk((x.abs() * 2).long().clamp(0, 2), 2, dim=-1)
    return x[a.flatten()]
    """
)
SPLIT_MASK_IN_WHERE = _model(
    """
    lo, hi = (x > 0).unbind(0)[:2]
    w, z = (x > 0).unbind(-1)[:2]
    return torch.where(w, x[:, 0], 0.0) + z.float()
    """
)

# TL332: the `__new__` of a Tensor subclass making its tensor, reached by constructing it in
# graph code (quatorch's `super().__new__(cls, *args, **kwargs)`), here through
# `torch.Tensor._make_subclass`, `torch.Tensor.__new__` and `as_subclass(cls)`: export fails,
# compile traces them. A plain class's `__new__` is no tensor subclass.
SUBCLASSES = """
class Marked(torch.Tensor):
    def __new__(cls, data):
        return torch.Tensor._make_subclass(cls, data)


class Tagged(torch.Tensor):
    @staticmethod
    def __new__(cls, data):
        return torch.Tensor.__new__(cls, data)


class Viewed(torch.Tensor):
    def __new__(cls, data):
        return data.as_subclass(cls)


class Plain:
    def __new__(cls, scale):
        obj = super().__new__(cls)
        obj.scale = scale
        return obj


"""
MADE_MARKED = _model("return torch.Tensor(Marked(x * 2)) + 1", SUBCLASSES)
MADE_TAGGED = _model("return torch.Tensor(Tagged(x.relu())) - x", SUBCLASSES)
MADE_VIEWED = _model("return torch.Tensor(Viewed(x + 1)) * 2", SUBCLASSES)
MADE_PLAIN = _model("return x * Plain(2.0).scale", SUBCLASSES)

CASES = [
    ("TL107", "compile", CHUNKED_MASK, True),
    ("TL107", "compile", DISPLAYED_MASK, True),
    ("TL107", "compile", RESHAPED_MASK, True),
    ("TL107", "compile", ROWS_OF_MASK, True),
    ("TL107", "compile", SPLIT_INDEX, False),
    ("TL107", "compile", SPLIT_MASK_IN_WHERE, False),
    ("TL332", "export", MADE_MARKED, True),
    ("TL332", "export", MADE_TAGGED, True),
    ("TL332", "export", MADE_VIEWED, True),
    ("TL332", "export", MADE_PLAIN, False),
]
# Tuple returns by length: a helper that returns two values on one branch and three on the
# other (torchesnufft's `helpers.setup`, 9 or 11) gives a caller unpacking three names the
# three-tuple's kinds: `.tolist()` of the tensor there breaks plain compile. Unpacking the
# two-tuple takes its own kinds (a Python number: no finding).
SETUP = """
def setup(x, scaled):
    if scaled:
        return x.abs().amax(), 2.0, (x.abs() * 4).ceil().long()
    return 1.0, 2.0


"""
UNPACK_THREE = _model(
    """
    y = x * 2
    top, half, sizes = setup(y, True)
    return y / top + len(sizes.tolist())
    """,
    SETUP,
)
UNPACK_TWO = _model(
    """
    y = x * 2
    top, half = setup(y, False)
    return y / top + len(str(half))
    """,
    SETUP,
)

# A torch.distributions Transform that is a module (pyro's `TransformModule`) runs no forward:
# `_call`, `_inverse` and `log_abs_det_jacobian` are its graph code (here a boolean mask in the
# inverse). A plain module's private helper that nothing calls is no graph code.
TRANSFORMS = """
import torch.distributions as dist


class TransformModule(dist.Transform, nn.Module):
    def __init__(self):
        super().__init__()

    def __hash__(self):
        return super(nn.Module, self).__hash__()


class Clip(TransformModule):
    bijective = True

    def __init__(self):
        super().__init__()
        self.bound = nn.Parameter(torch.tensor(0.5))

    def _call(self, x):
        return x * 2

    def _inverse(self, y):
        out = y / 2
        far = y.abs() > self.bound
        out[far] = y[far]
        return out


class Unused(nn.Module):
    def _inverse(self, y):
        return y[y > 0]

    def forward(self, y):
        return y


"""
FLOW_INVERSE = (
    HEAD
    + TRANSFORMS
    + "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    + "        self.flow = Clip()\n\n    def forward(self, x):\n"
    + "        return self.flow.inv(x * 1.5)\n"
    + INPUTS
)

CASES += [
    ("TL104", "compile", UNPACK_THREE, True),
    ("TL104", "compile", UNPACK_TWO, False),
    ("TL107", "compile", FLOW_INVERSE, True),
]


def test_only_the_transform_is_graph_code() -> None:
    lines = [d.line for d in findings(FLOW_INVERSE, "TL107", "compile")]
    text = textwrap.dedent(FLOW_INVERSE).splitlines()
    assert lines and all("far" in text[line - 1] for line in lines)


# loguru's logger in graph code (torchquad's `logger.debug(...)`), through `bind` and `opt`;
# `logger.trace` (below loguru's default level) and the standard library's `logging` through a
# name that is no logger are not flagged.
LOGURU = (
    HEAD
    + """
from loguru import logger
import loguru


class Model(nn.Module):
    def forward(self, x):
        y = x * 2
        logger.info("scaled {}", 2)
        logger.bind(step=1).warning("w")
        loguru.logger.opt(lazy=True).success("s")
        logger.trace("below the default level")
        return y + 1
"""
)


def test_loguru_calls_are_flagged() -> None:
    lines = [d.line for d in findings(LOGURU, "TL302", "compile")]
    text = textwrap.dedent(LOGURU).lstrip("\n").splitlines()
    assert sorted(text[line - 1].strip().split("(")[0] for line in lines) == [
        "logger.bind",
        "logger.info",
        "loguru.logger.opt",
    ]


@requires_torch
@pytest.mark.parametrize("method", ["info", "warning", "trace"])
def test_torch_breaks_on_loguru_methods_other_than_trace(method: str) -> None:
    pytest.importorskip("loguru")
    import torch
    from loguru import logger

    class Model(torch.nn.Module):
        def forward(self, x):
            y = x * 2
            getattr(logger, method)("step {}", 1)
            return y + 1

    torch._dynamo.reset()
    explained = torch._dynamo.explain(Model())(torch.randn(3))
    torch._dynamo.reset()
    assert bool(explained.break_reasons) == (method != "trace")


# TL125: a tensor for an operator's number coefficient (torchode's `torch.add(self.atol,
# y0.abs(), alpha=self.rtol)` with tolerance buffers), here `sub_` in place, `torch.baddbmm`'s
# `beta=`, `addcdiv`'s `value=` from a computed 0-d tensor; a number, a tensor as the operand
# (`other`) and `clamp(min=t)` (a Tensor overload) are no break.
SUB_IN_PLACE = _model(
    """
    y = x * 2
    y.sub_(x.abs(), alpha=x.mean())
    return y
    """
)
BADDBMM_BETA = _model(
    """
    b = x.unsqueeze(0)
    return torch.baddbmm(b, b, b.new_ones(1, 4, 4), beta=x.std())
    """
)
ADDCDIV_VALUE = _model(
    """
    y = x.relu()
    return y.addcdiv(x, x.abs() + 1, value=(y.sum() / 10))
    """
)
NUMBER_COEFFICIENTS = _model(
    """
    y = x * 2
    return torch.add(y, x.mean(), alpha=0.5) + torch.clamp(y, min=x.mean()) + y.sub(x, alpha=2)
    """
)
CASES += [
    ("TL125", "compile", SUB_IN_PLACE, True),
    ("TL125", "compile", BADDBMM_BETA, True),
    ("TL125", "compile", ADDCDIV_VALUE, True),
    ("TL125", "compile", NUMBER_COEFFICIENTS, False),
]


@requires_torch
def test_the_number_keywords_are_scalar_in_every_schema() -> None:
    import torch

    from torchlint.rules.tl125_tensor_for_number_argument import NUMBER_KEYWORDS

    types: dict[str, dict[str, set[str]]] = {}
    for schema in torch._C._jit_get_all_schemas():
        if schema.name.startswith("aten::"):
            op = types.setdefault(schema.name[len("aten::") :], {})
            for argument in schema.arguments:
                op.setdefault(argument.name, set()).add(str(argument.type))
    for operator, keywords in NUMBER_KEYWORDS.items():
        assert hasattr(torch, operator) or hasattr(torch.Tensor, operator), operator
        for keyword in keywords:
            assert types[operator][keyword] == {"number"}, (operator, keyword)


IDS = [
    f"{code}-{i}-{'flagged' if flagged else 'clean'}"
    for i, (code, _, _, flagged) in enumerate(CASES)
]


@pytest.mark.parametrize("code,target,source,flagged", CASES, ids=IDS)
def test_flagged_exactly_where_expected(code: str, target: str, source: str, flagged: bool) -> None:
    assert bool(findings(source, code, target)) == flagged


@requires_torch
@pytest.mark.parametrize("code,target,source,flagged", CASES, ids=IDS)
def test_torch_fails_exactly_the_flagged(
    code: str, target: str, source: str, flagged: bool
) -> None:
    from .oracle import check

    verdict = check(textwrap.dedent(source), target)
    assert verdict.ok != flagged, verdict


# A function library's API (torchesnufft's `compute_local_kernel`, a root of its own as the
# package has no forward) is inlined into the forward of the model that calls it: a break in
# its loop is reported at the `.item()`, as in a helper of the model.
LIBRARY = {
    "kern/__init__.py": "from .ops import widths\n",
    "kern/ops.py": """
        import torch


        def widths(x, n):
            y = x * 2
            for i in range(2):
                k = int(torch.ceil(n[i] * 2).item())
                y = y + k
            return y
        """,
}


def test_a_library_function_breaks_plain_compile_inside_its_loop(tmp_path) -> None:
    from .lint_helpers import project_findings

    assert project_findings(tmp_path, LIBRARY, "TL103", "compile") == [("ops.py", 7)]


@requires_torch
def test_torch_breaks_at_the_library_functions_item(tmp_path) -> None:
    import sys

    import torch

    for name, text in LIBRARY.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"))
    sys.path.insert(0, str(tmp_path))
    try:
        import kern

        class Model(torch.nn.Module):
            def forward(self, x, n):
                return kern.widths(x.relu(), n)

        torch._dynamo.reset()
        explained = torch._dynamo.explain(Model())(torch.randn(3), torch.tensor([1.2, 0.4]))
        torch._dynamo.reset()
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("kern", None)
        sys.modules.pop("kern.ops", None)
    assert any("item()" in str(b.reason) for b in explained.break_reasons)


# A function library's autograd Function (torchesnufft's SpreadFunction): its forward's helper
# reads `int(n[i].item())` of the tensor `apply` passed, a break inside the helper's loop; the
# backward (its `n` from `ctx.saved_tensors`) is no root of the library: autograd alone runs it.
SAVED = {
    "spr/__init__.py": "from .ops import spread\n",
    "spr/ops.py": """
        import torch


        def shifted(x, n):
            y = x * 2
            for i in range(2):
                y = y + int(n[i].item())
            return y


        class Spread(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, n):
                ctx.save_for_backward(x, n)
                return shifted(x, n)

            @staticmethod
            def backward(ctx, grad):
                x, n = ctx.saved_tensors
                return shifted(grad, n), None


        def spread(x, scale):
            n = (scale.abs() * 4).ceil().long()
            return Spread.apply(x, n)
        """,
}


def test_saved_tensors_are_tensors(tmp_path) -> None:
    from .lint_helpers import project_findings

    assert project_findings(tmp_path, SAVED, "TL103", "compile") == [("ops.py", 7)]


@requires_torch
def test_torch_breaks_at_the_item_of_a_saved_tensor(tmp_path) -> None:
    import sys

    import torch

    for name, text in SAVED.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"))
    sys.path.insert(0, str(tmp_path))
    try:
        import spr

        class Model(torch.nn.Module):
            def forward(self, x, n):
                return spr.spread(x.relu(), n)

        torch._dynamo.reset()
        explained = torch._dynamo.explain(Model())(torch.randn(3), torch.tensor([0.3, 0.6]))
        torch._dynamo.reset()
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("spr", None)
        sys.modules.pop("spr.ops", None)
    assert any("item()" in str(b.reason) for b in explained.break_reasons)
