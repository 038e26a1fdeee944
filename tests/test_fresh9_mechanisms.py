"""Mechanisms from the fresh9 accuracy corpus's misses and false findings (and three blind
probes), each linted in spellings other than the corpus's and, where torch decides, run
through torch 2.13.

- What the API of a function library returns (a package with no module) is its caller's to
  take apart: no TL111; and the objects of such a library are made by the caller, so their
  state is no state carried across calls: no TL311.
- ``self.register_buffer("w", t)`` in one branch and ``self.w = None`` in the other make an
  optional tensor, not a constant: indexing it with a tensor is no TL102.
- A helper's parameter that every call of it passes a boolean mask (a comparison, ``~m``,
  ``.bool()``) is a boolean mask: ``x[param]`` is a data-dependent shape (TL107); a value
  of unknown kind indexed with a boolean mask (``vmap(f)(x)[mask]``) too; a name rebound in
  a loop by tuple assignment to a selection has a data-dependent size.
- ``unpad_sequence`` breaks plain compile and unrolls a loop over the batch for trace (TL107).
- ``output_size=`` of a max-unpooling read off a shape fails trace (TL106).
- A comparison of a number read from data with a size is a size decision for trace, also as
  an operand of ``or`` (TL106); ``self.cap is not None and <size test>`` is a configuration.
- A ``torch.jit.script_if_tracing`` function is scripted while tracing: no trace finding.
- A factory that returns an autograd Function's ``apply`` (or a nested ``def``), and the
  functions nested in graph code, reach what they call.
"""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings as _findings
from .lint_helpers import load_module
from .lint_helpers import project_findings as _project


def _exec(source: str) -> dict:
    namespace: dict = {}
    exec(compile(textwrap.dedent(source).lstrip("\n"), "<fresh9>", "exec"), namespace)
    return namespace


# ------------------------------------------------------------------ function libraries

LIBRARY = {
    "smoother/__init__.py": "from .core import Smoother, Belief\n",
    "smoother/core.py": """
        from dataclasses import dataclass

        import torch


        @dataclass
        class Belief:
            loc: torch.Tensor
            scale: torch.Tensor


        class Smoother:
            def __init__(self, rank=None):
                self.rank = rank

            def step(self, belief, obs):
                gain = belief.scale / (belief.scale + 1.0)
                return Belief(belief.loc + gain * (obs - belief.loc), belief.scale * (1 - gain))

            def fit(self, x):
                if self.rank is None:
                    self.rank = x.shape[-1]
                self.rank = min(self.rank, x.shape[-1])
                self.basis = torch.linalg.svd(x, full_matrices=False)[2][: self.rank]
                return self
    """,
}


def test_library_api_return_is_not_an_output(tmp_path: Path):
    assert _project(tmp_path, LIBRARY, "TL111", "export") == []
    assert _project(tmp_path / "t", LIBRARY, "TL111", "trace") == []


def test_library_object_state_is_the_callers(tmp_path: Path):
    assert _project(tmp_path, LIBRARY, "TL311", "export") == []


def test_module_returning_a_dataclass_is_still_flagged(tmp_path: Path):
    files = {
        **LIBRARY,
        "smoother/layer.py": """
            import torch
            from torch import nn

            from .core import Belief


            class Layer(nn.Module):
                def forward(self, x):
                    return Belief(x, x.exp())
        """,
    }
    assert ("layer.py", 9) in _project(tmp_path, files, "TL111", "export")


def test_module_state_read_back_is_still_flagged():
    source = """
        import torch
        from torch import nn

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.rank = 4

            def forward(self, x):
                self.rank = min(self.rank, x.shape[-1] - 1)
                return x[..., : self.rank]
    """
    assert _findings(source, "TL311", "export")


# ------------------------------------------------------------------ optional tensor attribute

OPTIONAL_WEIGHTS = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self, weights={weights}):
            super().__init__()
            if weights is not None:
                self.register_buffer("class_w", torch.as_tensor(weights, dtype=torch.float32))
            else:
                self.class_w = None

        def forward(self, scores, labels):
            out = scores.log_softmax(-1).gather(1, labels[:, None])[:, 0]
            if self.class_w is not None:
                out = out * self.class_w[labels]
            return out.mean()
"""

LIST_WEIGHTS = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.class_w = [0.2, 0.3, 0.5]

        def forward(self, scores, labels):
            return scores[:, 0] * self.class_w[labels[0]]
"""


def test_optional_buffer_indexed_with_a_tensor_is_no_python_index():
    assert (
        _findings(OPTIONAL_WEIGHTS.replace("{weights}", "(1.0, 2.0, 3.0)"), "TL102", "compile")
        == []
    )


def test_list_indexed_with_a_tensor_is_still_flagged():
    assert _findings(LIST_WEIGHTS, "TL102", "compile")


@requires_torch
@pytest.mark.torch
def test_torch_compiles_the_optional_buffer_index():
    import torch

    ns = _exec(OPTIONAL_WEIGHTS.replace("{weights}", "(1.0, 2.0, 3.0)"))
    model = ns["Model"]()
    scores, labels = torch.randn(5, 3), torch.tensor([0, 2, 1, 1, 0])
    torch._dynamo.reset()
    compiled = torch.compile(model, fullgraph=True, backend="eager")
    assert torch.allclose(compiled(scores, labels), model(scores, labels))


# ------------------------------------------------------------------ boolean masks (TL107)

MASK_HELPER = """
    import torch
    from torch import nn

    def _ranked(values, keep):
        chosen = values[keep]
        return chosen.sort().values.sum()

    class Model(nn.Module):
        @staticmethod
        def _share(logits, hit):
            return logits[:, hit].mean(-1)

        def forward(self, logits, labels):
            h = logits.tanh()
            pos = labels > 0
            a = self._share(h, ~pos)
            b = _ranked(h[:, 0], keep={keep})
            return a.sum() + b
"""


def test_mask_parameter_of_a_helper_selects():
    lines = sorted(
        d.line for d in _findings(MASK_HELPER.format(keep="labels.bool()"), "TL107", "compile")
    )
    assert lines == [5, 11]


def test_index_parameter_of_a_helper_does_not_select():
    # One call passes integer indices: `keep` is not surely a mask.
    lines = sorted(
        d.line for d in _findings(MASK_HELPER.format(keep="torch.arange(2)"), "TL107", "compile")
    )
    assert lines == [11]


VMAP_MASK = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def forward(self, a):
            pair = torch.func.vmap(lambda r: (r[None] - a).abs().sum(-1))(a)
            off = ~torch.eye(pair.shape[0], dtype=torch.bool)
            return pair[off].mean()
"""


def test_vmap_result_indexed_with_a_mask():
    assert [d.line for d in _findings(VMAP_MASK, "TL107", "compile")] == [8]


SHRINKING_QUEUE = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def forward(self, scores):
            picked = []
            order, left = scores.argsort(descending=True), scores.sort(descending=True).values
            while order.shape[0] > 0:
                picked.append(order[0])
                near = (left[1:] - left[0]).abs() < {gap}
                left, order = left[1:][~near], order[1:][~near]
            return torch.stack(picked)
"""


def test_loop_carried_selection_by_tuple_assignment():
    found = _findings(SHRINKING_QUEUE.format(gap="0.1"), "TL107", "compile")
    assert 8 in [d.line for d in found]


@requires_torch
@pytest.mark.torch
def test_torch_cannot_guard_on_the_shrinking_queue():
    import torch

    model = _exec(SHRINKING_QUEUE.format(gap="0.1"))["Model"]()
    torch._dynamo.reset()
    with pytest.raises(Exception, match="data-dependent"):
        torch.compile(model, fullgraph=True, backend="eager")(torch.randn(6))


UNPAD = """
    import torch
    from torch import nn
    from torch.nn.utils import rnn

    class Model(nn.Module):
        def forward(self, feats, lengths):
            h = feats * 2
            parts = rnn.unpad_sequence(h, lengths, batch_first=True)
            return torch.stack([p.amax(0) for p in parts])
"""


def test_unpad_sequence_is_flagged_for_compile_and_trace():
    assert [d.line for d in _findings(UNPAD, "TL107", "compile")] == [8]
    assert [d.line for d in _findings(UNPAD, "TL107", "trace")] == [8]


@requires_torch
@pytest.mark.torch
def test_torch_trace_of_unpad_sequence_fails_on_another_batch():
    import torch

    model = _exec(UNPAD)["Model"]()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (torch.randn(2, 5, 3), torch.tensor([5, 2])))
    with pytest.raises(RuntimeError):
        traced(torch.randn(3, 4, 3), torch.tensor([4, 1, 3]))


# ------------------------------------------------------------------ sizes under trace (TL106)

UNPOOL = """
    import torch
    import torch.nn.functional as F
    from torch import nn

    class Model(nn.Module):
        def forward(self, x):
            p, where = F.max_pool1d(x, 2, return_indices=True)
            return F.max_unpool1d(p.relu(), where, 2, output_size={size})
"""


def test_unpool_output_size_from_a_shape():
    assert [d.line for d in _findings(UNPOOL.format(size="x.shape[-1:]"), "TL106", "trace")] == [8]
    assert _findings(UNPOOL.format(size="[8]"), "TL106", "trace") == []


@requires_torch
@pytest.mark.torch
def test_torch_trace_rejects_the_unpool_output_size():
    import torch

    model = _exec(UNPOOL.format(size="x.shape[-1:]"))["Model"]()
    with pytest.raises(TypeError, match="cond must be a bool"):
        torch.jit.trace(model, (torch.randn(1, 2, 8),))
    clean = _exec(UNPOOL.format(size="[8]"))["Model"]()
    torch.jit.trace(clean, (torch.randn(1, 2, 8),))


COUNT_VS_SIZE = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self, cap=None):
            super().__init__()
            self.cap = cap

        def forward(self, s, hit):
            k = int(hit.sum())
            if self.cap is not None and s.shape[0] > self.cap:
                s = s[: self.cap]
            if k < 1 or k == s.shape[0]:
                return s.sum() * 0
            return s.sum()
"""


def test_count_compared_with_a_size_in_an_or():
    assert [d.line for d in _findings(COUNT_VS_SIZE, "TL106", "trace")] == [13]


@requires_torch
@pytest.mark.torch
def test_torch_warns_at_the_count_compared_with_a_size():
    import torch

    model = _exec(COUNT_VS_SIZE)["Model"]()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.trace(model, (torch.randn(4), torch.tensor([1, 0, 1, 0])))
    lines = {w.lineno for w in caught if "Python boolean" in str(w.message)}
    assert lines == {13}


SCRIPT_IF_TRACING = """
    import torch
    from torch import nn

    @torch.jit.script_if_tracing
    def cumulative_min(x: torch.Tensor) -> torch.Tensor:
        rows = [x[0]]
        i = 1
        while i < x.shape[0]:
            rows.append(torch.minimum(rows[-1], x[i]))
            i += 1
        return torch.stack(rows)

    class Model(nn.Module):
        def forward(self, x):
            return cumulative_min(x * 2)
"""


def test_script_if_tracing_has_no_trace_finding():
    assert _findings(SCRIPT_IF_TRACING, "TL106", "trace") == []
    unwrapped = SCRIPT_IF_TRACING.replace("    @torch.jit.script_if_tracing\n", "")
    assert _findings(unwrapped, "TL106", "trace")


@requires_torch
@pytest.mark.torch
def test_torch_traces_the_script_if_tracing_loop(tmp_path: Path):
    import torch

    model = load_module(tmp_path, SCRIPT_IF_TRACING, "fresh9_model").Model()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (torch.randn(3, 2),))
    other = torch.randn(6, 2)
    assert torch.equal(traced(other), model(other))


# ------------------------------------------------------------------ reach (index)

FACTORY = {
    "solver/__init__.py": "",
    "solver/steps.py": """
        import torch


        def clamp_steps(x):
            print("clamping", x.shape)
            return x.clamp(-1, 1)


        def make_step(scale):
            def _inner(ctx_x):
                return clamp_steps(ctx_x * scale)

            class _Step(torch.autograd.Function):
                @staticmethod
                def forward(ctx, x):
                    return x * _inner(x)

                @staticmethod
                def backward(ctx, g):
                    return g

            return _Step.apply
    """,
    "solver/model.py": """
        import torch
        from torch import nn

        from .steps import make_step


        class Model(nn.Module):
            def forward(self, x):
                step = make_step(2.0)
                return step(x.sum())
    """,
}


def test_factory_returning_apply_reaches_nested_helpers(tmp_path: Path):
    found = _project(tmp_path, FACTORY, "TL301", "compile")
    assert ("steps.py", 5) in found
