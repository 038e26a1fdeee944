"""Mechanisms from the fresh10 accuracy corpus's misses and false findings (and the b55 / b56
blind probes), each linted in spellings other than the corpus's and the probes', and where
torch decides, run through torch 2.13.

- A setting every object the project makes keeps at its default (``self.strict =
  bool(strict)`` with ``strict=False``, ``self.layout = layout`` with ``layout="fixed"``,
  never passed by a construction) makes ``self.strict and <tensor test>`` /
  ``self.layout == "auto" and <size test>`` never test the tensor: no TL101 / TL106. Kept
  where a construction passes it, where no construction is seen, behind ``**kwargs``, and
  where any file sets the attribute on another object (``head.norm.strict = True``).
- A tensor a plain object keeps, rebound by arithmetic on itself (``self.alive =
  self.alive & ...``), stays a tensor: ``bool(self.alive.any())`` is read from data.
- ``fn = staticmethod(helper)`` in a subclass's body is what ``self.fn(...)`` in a base-class
  method calls: the helper is graph code.
- A name bound to a shape (``dims = x.size()``) compared for equality is a size decision
  (TL106); ``x.dim_order()`` fails while tracing (TL106) and is no tensor data (no TL101);
  ``groups=c`` with a weight built from ``c`` is baked (TL106).
- ``from_dlpack`` makes a trace constant silently; ``torch.as_tensor`` of a tensor warns
  (TL110).
- Unpacking ``einops.rearrange(...)`` iterates a tensor (TL105); the first element of what
  ``einops.pack`` returns is a tensor (``len()`` of it: TL105).
- ``int(x.shape[-1])`` of a signal the function pads through a converted copy is a length,
  not a feature size (TL106).
"""

from __future__ import annotations

import warnings
from pathlib import Path

from .conftest import requires_torch
from .lint_helpers import findings, load_module
from .lint_helpers import project_findings as _project


def _findings(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in findings(source, code, target)]


# ------------------------------------------------------------------ settings kept at default

NORM = """
    import torch
    from torch import nn


    class GramNorm(nn.Module):
        def __init__(self, eps=1e-5, strict: bool = False, layout: str = "fixed"):
            super().__init__()
            self.eps = eps
            self.strict = bool(strict)
            self.layout = layout

        def forward(self, feats):
            if self.strict and torch.isnan(feats).any():
                raise RuntimeError("NaN features")
            if self.layout == "cols" or (self.layout == "auto" and feats.size(-1) > feats.size(-2)):
                feats = feats.mT
            return feats @ feats.mT + self.eps
"""


def _head(construction: str) -> str:
    return f"""
        from torch import nn

        from .norm import GramNorm


        class Head(nn.Module):
            def __init__(self, **options):
                super().__init__()
                self.norm = {construction}

            def forward(self, x):
                return self.norm(x).flatten(1)
    """


def _files(construction: str) -> dict[str, str]:
    return {
        "blocks/__init__.py": "",
        "blocks/norm.py": NORM,
        "blocks/head.py": _head(construction),
    }


def test_setting_off_on_every_built_object_tests_no_tensor(tmp_path: Path):
    files = _files("GramNorm(eps=1e-4)")
    assert _project(tmp_path / "a", files, "TL101", "compile") == []
    assert _project(tmp_path / "b", files, "TL106", "trace") == []


def test_setting_passed_by_a_construction_is_still_flagged(tmp_path: Path):
    files = _files("GramNorm(1e-4, True)")  # strict, positionally
    assert ("norm.py", 13) in _project(tmp_path, files, "TL101", "compile")
    files = _files('GramNorm(layout="auto")')
    assert ("norm.py", 15) in _project(tmp_path / "b", files, "TL106", "trace")


def test_setting_behind_kwargs_or_never_built_is_still_flagged(tmp_path: Path):
    files = _files("GramNorm(**options)")
    assert ("norm.py", 13) in _project(tmp_path, files, "TL101", "compile")
    # A layer no file of the project builds: what callers pass is unknown.
    alone = {"blocks/__init__.py": "", "blocks/norm.py": NORM}
    assert ("norm.py", 13) in _project(tmp_path / "b", alone, "TL101", "compile")


def test_setting_rebound_outside_init_is_no_setting(tmp_path: Path):
    files = _files("GramNorm()")
    files["blocks/norm.py"] = (
        NORM.rstrip()
        + """

            def enable_checks(self):
                self.strict = True
    """
    )
    assert ("norm.py", 13) in _project(tmp_path, files, "TL101", "compile")


def test_setting_stored_from_outside_is_no_setting(tmp_path: Path):
    files = _files("GramNorm()")
    files["blocks/train.py"] = """
        from .head import Head


        def strict_head():
            head = Head()
            head.norm.strict = True
            return head
    """
    assert ("norm.py", 13) in _project(tmp_path, files, "TL101", "compile")


# ------------------------------------------------------------------ plain objects' tensors

SOLVER = """
    import torch
    from torch import nn


    class Sweeper:
        def __init__(self, pts, rounds=3):
            self.pts = pts
            self.rounds = rounds
            self.step = 0
            self.alive = torch.ones(pts.shape[0], dtype=torch.bool)

        def _advance(self):
            self.pts = self.pts * 0.5
            self.alive = self.alive & (self.pts.norm(dim=-1) > 0.1)
            self.step += 1

        def run(self):
            while self.step < self.rounds and bool(self.alive.any()):
                self._advance()
            return self.pts


    class Model(nn.Module):
        def forward(self, pts):
            sweeper = Sweeper(pts)
            return sweeper.run()
"""


def test_tensor_a_plain_object_rebinds_by_arithmetic_stays_a_tensor():
    assert 18 in _findings(SOLVER, "TL102", "trace")


def test_number_a_plain_object_rebinds_is_no_tensor():
    source = (
        SOLVER.replace(
            "self.alive = self.alive & (self.pts.norm(dim=-1) > 0.1)", "self.step = self.step * 1"
        )
        .replace("torch.ones(pts.shape[0], dtype=torch.bool)", "2")
        .replace("bool(self.alive.any())", "bool(self.alive > 1)")
    )
    assert _findings(source, "TL102", "trace") == []


# ------------------------------------------------------------------ class-body callables

KERNELS = """
    from typing import Callable

    import torch
    from torch import nn


    def scale_by_mean(grid: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        return u * grid.mean().item()


    def plain_scale(grid: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        return u * grid.mean()


    class Field(nn.Module):
        kernel: Callable

        def __init__(self):
            super().__init__()
            self.grid = nn.Parameter(torch.ones(4))

        def _apply(self, u):
            return self.kernel(self.grid, u)

        def forward(self, u):
            return self._apply(u) + 1


    class MeanField(Field):
        kernel: Callable = staticmethod({kernel})
"""


def test_staticmethod_in_a_subclass_body_is_reached():
    assert 8 in _findings(KERNELS.replace("{kernel}", "scale_by_mean"), "TL103", "trace")


def test_staticmethod_of_a_clean_helper_gives_nothing():
    assert _findings(KERNELS.replace("{kernel}", "plain_scale"), "TL103", "trace") == []


# ------------------------------------------------------------------ sizes under trace

SHAPE_NAME = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(6, 2)

        def forward(self, feats):
            dims = feats.size()
            expected = {expected}
            if dims == expected:
                feats = feats.unsqueeze(0)
            return self.fc(feats.flatten(1))
"""


def test_name_bound_to_a_shape_compared_is_a_size_decision():
    assert 12 in _findings(SHAPE_NAME.replace("{expected}", "(6,)"), "TL106", "trace")


def test_name_bound_to_a_literal_compared_is_no_size_decision():
    source = SHAPE_NAME.replace("feats.size()", "(6,)").replace("{expected}", "(6,)")
    assert _findings(source, "TL106", "trace") == []


LAYOUT = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def forward(self, img):
            order = img.dim_order()
            if order[1] == 1:
                return img.sum(1)
            return img.mean(1)
"""


def test_dim_order_fails_trace_and_is_no_tensor_data():
    assert 6 in _findings(LAYOUT, "TL106", "trace")
    assert _findings(LAYOUT, "TL101", "compile") == []
    assert _findings(LAYOUT, "TL101", "export") == []


@requires_torch
def test_torch_fails_tracing_dim_order(tmp_path: Path):
    import pytest
    import torch

    module = load_module(tmp_path, LAYOUT, "fresh10_layout")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(AssertionError):
            torch.jit.trace(module.Model(), (torch.randn(1, 2, 3, 3),))


DEPTHWISE = """
    import torch
    import torch.nn.functional as F
    from torch import nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("base", torch.ones(1, 1, 3) / 3)
            self.taps = nn.Parameter(torch.ones(4, 1, 3) / 3)

        def forward(self, seq):
            n_ch = seq.shape[1]
            kernel = {kernel}
            return F.conv1d(seq, kernel, padding=1, groups=n_ch)
"""


def test_groups_with_a_weight_built_from_the_size_is_baked():
    source = DEPTHWISE.replace("{kernel}", "self.base.repeat(n_ch, 1, 1)")
    assert 14 in _findings(source, "TL106", "trace")


def test_groups_with_a_parameter_weight_is_fixed():
    assert _findings(DEPTHWISE.replace("{kernel}", "self.taps"), "TL106", "trace") == []


PADDED = """
    import torch
    import torch.nn.functional as F
    from torch import nn

    def spectrum(wave, pad: int = 3):
        length = int(wave.shape[-1])
        work = wave.double()
        {use}
        return work[..., pad : pad + length]

    class Model(nn.Module):
        def forward(self, wave):
            return spectrum(wave)
"""


def test_last_size_of_a_signal_padded_through_a_copy_is_a_length():
    source = PADDED.replace("{use}", "work = F.pad(work, (pad, pad))")
    assert 6 in _findings(source, "TL106", "trace")


def test_last_size_of_features_never_padded_is_fixed():
    # A feature size: the trace stays right, torch only warns converting it (session 29).
    found = findings(PADDED.replace("{use}", "work = work * 2"), "TL106", "trace")
    assert [(d.line, d.warns) for d in found] == [(6, ("trace",))]


# ------------------------------------------------------------------ trace constants

DLPACK = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 3)

        def forward(self, x):
            h = self.fc(x).contiguous()
            return {back} + 1
"""


def test_from_dlpack_is_a_silent_trace_constant():
    assert _findings(DLPACK.replace("{back}", "torch.from_dlpack(h)"), "TL110", "trace") == [11]
    assert _findings(DLPACK.replace("{back}", "h.clone()"), "TL110", "trace") == []


@requires_torch
def test_torch_traces_from_dlpack_as_a_constant(tmp_path: Path):
    import torch

    module = load_module(tmp_path, DLPACK.replace("{back}", "torch.from_dlpack(h)"), "fresh10_dl")
    model = module.Model().eval()
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(model, (torch.randn(2, 3),))
        other = torch.randn(2, 3)
        assert not torch.allclose(traced(other), model(other))


AS_TENSOR = """
    import torch
    from torch import nn

    def as_float(points: torch.Tensor) -> torch.Tensor:
        return {convert}

    class Model(nn.Module):
        def forward(self, points):
            return as_float(points) * 2
"""


def test_as_tensor_of_a_tensor_warns_under_trace():
    source = AS_TENSOR.replace("{convert}", "torch.as_tensor(points, dtype=torch.float64)")
    assert _findings(source, "TL110", "trace") == [5]
    source = AS_TENSOR.replace("{convert}", "points.to(dtype=torch.float64)")
    assert _findings(source, "TL110", "trace") == []


# ------------------------------------------------------------------ einops unpacking

EINOPS = """
    import einops
    import torch
    from torch import nn

    def corners(grid: torch.Tensor) -> torch.Tensor:
        {unpack}
        return top + bottom

    class Model(nn.Module):
        def forward(self, grid):
            return corners(grid)
"""


def test_unpacking_einops_output_iterates_a_tensor():
    source = EINOPS.replace(
        "{unpack}", "top, bottom = einops.rearrange(grid, 'b two w -> two b w')"
    )
    assert _findings(source, "TL105", "trace") == [6]


def test_unbinding_einops_output_is_no_iteration():
    source = EINOPS.replace(
        "{unpack}", "top, bottom = einops.rearrange(grid, 'b two w -> two b w').unbind(0)"
    )
    assert _findings(source, "TL105", "trace") == []


PACKED = """
    import einops
    import torch
    from torch import nn

    def chunks(seq, n: int = 1):
        total = len(seq)
        for start in range(0, total, n):
            yield seq[start : start + n]

    class Model(nn.Module):
        def forward(self, u):
            flat, ps = einops.pack([u], "* c")
            return torch.cat([p * 2 for p in chunks({chunked}, n=8)], 0)
"""


def test_tensor_einops_pack_gives_is_a_tensor():
    assert _findings(PACKED.replace("{chunked}", "flat"), "TL105", "trace") == [6]


def test_list_handed_on_is_no_tensor():
    assert _findings(PACKED.replace("{chunked}", "[flat]"), "TL105", "trace") == []
