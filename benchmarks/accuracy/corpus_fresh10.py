"""The ``fresh10`` corpus: a thirteenth held-back set of packages, held back for a blind first score.

Built like ``fresh9`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh9``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by eight authors or teams (none of them lucidrains):
complex-valued networks for radar and signals (complextorch), coherent point drift registration
of point clouds (cpd-pytorch), SPD-manifold networks for covariance features (egnlib, imported as
``egn``), episodic-memory encoders for reinforcement learning (hippotorch), hypernetworks
(hyperlight), cubic spline grids (torch-cubic-spline-grids), a Morlet continuous wavelet
transform (torchcwt) and YIN pitch estimation (torch-yin, imported as ``torchyin``).

Each model runs as ``NAME.eval``, and the models named in ``TRAINING`` in train too: their
package code runs otherwise in training (dropout between complextorch's recurrent layers, its
vision transformer's dropout, egnlib's SPD batch norm on batch statistics, hippotorch's
transformer encoder off its eval fast path). The pins are in setup_env.sh (installed with
``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``complex_images`` (x: batch × 2 × 16 × 16 complex), ``complex_images32``
(x: batch × 2 × 32 × 32 complex), ``complex_rows`` (x: batch·seq × 8 complex),
``complex_seq`` (x: batch × seq × 8 complex), ``point_pairs`` (target: batch × 4·seq × 3,
source: the target rotated, scaled, moved and jittered), ``eeg`` (x: batch × 6 × 4·seq),
``episode_mask`` (x: batch × seq × 32, padding: batch × seq, True where padded),
``frames`` (frames: batch × seq/4 × 3 × 36 × 36), ``states`` (state: batch × 12),
``hyper_rows`` (h: 1 in [0, 1], x: batch × seq × 8), ``hyper_images`` (h: 1 in [0, 1],
x: batch × 3 × seq × seq), ``coords1`` (u: batch·seq in [0, 1]), ``coords2`` (u: batch × seq ×
2), ``coords3`` (u: batch·seq × 3), ``audio`` (signal: batch × 64·seq, a sum of tones).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "complextorch": "complextorch",
    "cpd_pytorch": "cpd-pytorch",
    "egn": "egnlib",
    "hippotorch": "hippotorch",
    "hyperlight": "hyperlight",
    "torch_cubic_spline_grids": "torch-cubic-spline-grids",
    "torchcwt": "torchcwt",
    "torchyin": "torch-yin",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _complex(kind: str) -> Any:
    """complextorch's complex-valued models behind a module of this file that returns the
    output's real and imaginary parts (``view_as_real``) when it is complex: a vision
    transformer, a complex KAN, a bidirectional two-layer LSTM, a residual S4D block and the
    phase-invariant CDS network (complex convolutions, a real batch norm, a prototype head)."""

    def factory() -> Any:
        import complextorch
        import torch
        from complextorch.models import CVKAN, CDSInvariant, ViT

        if kind == "vit":
            model = ViT(
                16,
                4,
                in_channels=2,
                num_classes=5,
                dim=32,
                depth=2,
                heads=4,
                mlp_dim=64,
                dropout=0.1,
            )
        elif kind == "kan":
            model = CVKAN([8, 16, 4], num_grid=6)
        elif kind == "lstm":
            model = complextorch.nn.LSTM(
                8, 16, num_layers=2, batch_first=True, dropout=0.2, bidirectional=True
            )
        elif kind == "s4d":
            model = complextorch.nn.S4DBlock(8, state_size=16)
        else:
            model = CDSInvariant(input_channels=2, num_classes=5, prototype_size=16)

        class Complex(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.model = model

            def forward(self, x: torch.Tensor) -> Any:
                out = self.model(x)
                if kind == "lstm":
                    out = out[0]
                return torch.view_as_real(out) if out.is_complex() else out

        return Complex()

    return factory


def _cpd(kind: str) -> Any:
    """cpd-pytorch's registrations (not modules: an EM loop over a batch of point-set pairs)
    made and run in the forward of a module of this file, for a fixed number of iterations:
    the registered source points and the transform's parameters."""

    def factory() -> Any:
        import cpd_pytorch
        import torch

        class Registration(torch.nn.Module):
            def forward(self, target: torch.Tensor, source: torch.Tensor) -> Any:
                if kind == "rigid":
                    reg = cpd_pytorch.RigidRegistration(
                        target, source, max_iterations=8, tolerance=0.0
                    )
                elif kind == "affine":
                    reg = cpd_pytorch.AffineRegistration(
                        target, source, max_iterations=8, tolerance=0.0, w=0.1
                    )
                else:
                    reg = cpd_pytorch.DeformableRegistration(
                        target, source, max_iterations=5, tolerance=0.0, alpha=2.0, beta=2.0
                    )
                moved, parameters = reg.register()
                return moved, parameters, reg.sigma2

        return Registration()

    return factory


def _egn(size: str) -> Any:
    """egnlib's SPD-manifold network (``EGN`` built through its size factories, the input
    covariance formed from a multichannel signal): the tiny one (one block, tangent head), the
    small one (two windows, two manifold channels) and the base one (mixed channels, Fréchet
    pooling, geodesic prototype head)."""

    def factory() -> Any:
        import egn

        make = {"tiny": egn.egn_tiny, "small": egn.egn_small, "base": egn.egn_base}[size]
        extra: dict[str, Any] = {"pool_iters": 3} if size == "base" else {}
        return make(4, in_dim=6, input_kind="signal", min_dim=3, **extra)

    return factory


def _hippo(kind: str) -> Any:
    """hippotorch's episode encoders and SAC actor behind a module of this file: the dual
    encoder's query embedding (online backbone: transformer encoder and LSTM over the unpadded
    steps) and key embedding (momentum target), the visual encoder (a NatureCNN per frame and an
    LSTM), and the actor's deterministic squashed action."""

    def factory() -> Any:
        import torch
        from hippotorch import DualEncoder, VisualEpisodeEncoder
        from hippotorch.agents.sac import _Actor

        if kind in ("query", "key"):
            model = DualEncoder(32, embed_dim=32)
        elif kind == "visual":
            model = VisualEpisodeEncoder(3, 16, feature_dim=32, temporal_hidden=32)
        else:
            model = _Actor(12, 3, 32)

        class Episodes(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.model = model

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> Any:
                if kind == "query":
                    return self.model.encode_query(x, mask=mask)
                return self.model.encode_key(x, mask=mask)

        class Frames(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.model = model

            def forward(self, frames: torch.Tensor) -> Any:
                return self.model.encode_query(frames)

        class Actor(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.model = model

            def forward(self, state: torch.Tensor) -> Any:
                return self.model.sample(state, deterministic=True)

        if kind in ("query", "key"):
            return Episodes()
        return Frames() if kind == "visual" else Actor()

    return factory


def _hyper(kind: str) -> Any:
    """hyperlight's hypernetwork (``HyperNet``) predicting, from one hyperparameter, the
    weights of a main network whose layers ``hypernetize`` turned into hyper modules, applied
    with ``using_externals``: an MLP's two linear layers (the input encoded as z|1-z), or a
    CNN's last convolution (encoded as cos|sin, which warns outside [0, 1])."""

    def factory() -> Any:
        import hyperlight as hl
        import torch

        if kind == "mlp":
            main = torch.nn.Sequential(
                torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4)
            )
            main = hl.hypernetize(main, modules=[main[0], main[2]])
        else:
            main = torch.nn.Sequential(
                torch.nn.Conv2d(3, 4, 3, padding=1),
                torch.nn.ReLU(),
                torch.nn.Conv2d(4, 2, 3, padding=1),
            )
            main = hl.hypernetize(main, modules=[main[2]])
        hyper = hl.HyperNet(
            input_shapes={"h": (1,)},
            output_shapes=main.external_shapes(),
            hidden_sizes=[16, 32],
            encoding="cos|sin" if kind == "conv" else "z|1-z",
        )

        class Hyper(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.main = main
                self.hyper = hyper

            def forward(self, h: torch.Tensor, x: torch.Tensor) -> Any:
                weights = self.hyper(h=h)
                with self.main.using_externals(weights):
                    return self.main(x)

        return Hyper()

    return factory


def _spline(kind: str) -> Any:
    """torch-cubic-spline-grids' grids (modules whose parameter is the grid data, set here to
    seeded values): a 1-D B-spline grid of one channel, a monotonic 2-D B-spline grid of three
    channels, a 3-D Catmull-Rom grid of two channels."""

    def factory() -> Any:
        import torch
        import torch_cubic_spline_grids as grids

        if kind == "bspline1d":
            grid = grids.CubicBSplineGrid1d(resolution=(6,), n_channels=1)
        elif kind == "bspline2d":
            grid = grids.CubicBSplineGrid2d(
                resolution=(5, 4), n_channels=3, monotonicity="increasing"
            )
        else:
            grid = grids.CubicCatmullRomGrid3d(resolution=(4, 4, 3), n_channels=2)
        grid.data = torch.randn(grid.data.shape)
        return grid

    return factory


def _cwt(**arguments: Any) -> Any:
    """torchcwt's batched Morlet transform (a function; its filter bank cached per signal
    length) behind a module of this file: the coefficients' magnitude and phase, and the
    frequencies."""
    import torch
    from torchcwt import cwt_torch

    class Cwt(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.sampling_rate = float(arguments["sampling_rate"])
            self.f0 = float(arguments["f0"])
            self.f1 = float(arguments["f1"])
            self.fn = int(arguments["fn"])

        def forward(self, signal: torch.Tensor) -> Any:
            coeffs, freqs = cwt_torch(signal, self.sampling_rate, self.f0, self.f1, self.fn)
            return coeffs.abs(), coeffs.angle(), freqs

    return Cwt()


def _yin(**arguments: Any) -> Any:
    """torch-yin's pitch estimate (a function) behind a module of this file."""
    import torch
    from torchyin import estimate

    class Yin(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.sample_rate = float(arguments["sample_rate"])
            self.pitch_min = float(arguments["pitch_min"])
            self.pitch_max = float(arguments["pitch_max"])
            self.frame_stride = float(arguments["frame_stride"])

        def forward(self, signal: torch.Tensor) -> Any:
            return estimate(
                signal,
                self.sample_rate,
                self.pitch_min,
                self.pitch_max,
                self.frame_stride,
            )

    return Yin()


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "cv_vit": ("complextorch", _complex("vit"), {}, "complex_images"),
    "cv_kan": ("complextorch", _complex("kan"), {}, "complex_rows"),
    "cv_lstm": ("complextorch", _complex("lstm"), {}, "complex_seq"),
    "cv_s4d": ("complextorch", _complex("s4d"), {}, "complex_seq"),
    "cv_cds": ("complextorch", _complex("cds"), {}, "complex_images32"),
    "cpd_rigid": ("cpd_pytorch", _cpd("rigid"), {}, "point_pairs"),
    "cpd_affine": ("cpd_pytorch", _cpd("affine"), {}, "point_pairs"),
    "cpd_deformable": ("cpd_pytorch", _cpd("deformable"), {}, "point_pairs"),
    "egn_tiny": ("egn", _egn("tiny"), {}, "eeg"),
    "egn_small": ("egn", _egn("small"), {}, "eeg"),
    "egn_base": ("egn", _egn("base"), {}, "eeg"),
    "episode_query": ("hippotorch", _hippo("query"), {}, "episode_mask"),
    "episode_key": ("hippotorch", _hippo("key"), {}, "episode_mask"),
    "episode_visual": ("hippotorch", _hippo("visual"), {}, "frames"),
    "sac_actor": ("hippotorch", _hippo("actor"), {}, "states"),
    "hyper_mlp": ("hyperlight", _hyper("mlp"), {}, "hyper_rows"),
    "hyper_conv": ("hyperlight", _hyper("conv"), {}, "hyper_images"),
    "spline_1d": ("torch_cubic_spline_grids", _spline("bspline1d"), {}, "coords1"),
    "spline_2d": ("torch_cubic_spline_grids", _spline("bspline2d"), {}, "coords2"),
    "spline_3d": ("torch_cubic_spline_grids", _spline("catmullrom3d"), {}, "coords3"),
    "morlet_cwt": (
        "torchcwt",
        _cwt,
        {"sampling_rate": 1000.0, "f0": 20.0, "f1": 200.0, "fn": 8},
        "audio",
    ),
    "yin_pitch": (
        "torchyin",
        _yin,
        {"sample_rate": 4000.0, "pitch_min": 100.0, "pitch_max": 800.0, "frame_stride": 0.02},
        "audio",
    ),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("cv_vit", "cv_lstm", "egn_small", "episode_query")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def _complex_randn(gen: Any, *shape: int) -> Any:
    import torch

    return torch.complex(torch.randn(*shape, generator=gen), torch.randn(*shape, generator=gen))


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import math

    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "complex_images":
        return {"x": _complex_randn(gen, batch, 2, 16, 16)}
    if kind == "complex_images32":
        return {"x": _complex_randn(gen, batch, 2, 32, 32)}
    if kind == "complex_rows":
        return {"x": _complex_randn(gen, rows, 8)}
    if kind == "complex_seq":
        return {"x": _complex_randn(gen, batch, seq, 8)}
    if kind == "point_pairs":
        target = torch.randn(batch, 4 * seq, 3, generator=gen)
        angle = 0.3 + 0.2 * torch.rand(batch, generator=gen)
        cos, sin = angle.cos(), angle.sin()
        zero, one = torch.zeros_like(angle), torch.ones_like(angle)
        rotation = torch.stack(
            (
                torch.stack((cos, -sin, zero), -1),
                torch.stack((sin, cos, zero), -1),
                torch.stack((zero, zero, one), -1),
            ),
            -2,
        )
        shift = 0.5 * torch.randn(batch, 1, 3, generator=gen)
        jitter = 0.02 * torch.randn(batch, 4 * seq, 3, generator=gen)
        source = 1.2 * target @ rotation + shift + jitter
        return {"target": target, "source": source}
    if kind == "eeg":
        return {"x": torch.randn(batch, 6, 4 * seq, generator=gen)}
    if kind == "episode_mask":
        padded = torch.zeros(batch, seq, dtype=torch.bool)
        padded[0, -2:] = True  # the first episode is two steps shorter
        return {"x": torch.randn(batch, seq, 32, generator=gen), "mask": padded}
    if kind == "frames":
        return {"frames": torch.rand(batch, seq // 4, 3, 36, 36, generator=gen)}
    if kind == "states":
        return {"state": torch.randn(batch, 12, generator=gen)}
    if kind == "hyper_rows":
        return {
            "h": torch.rand(1, generator=gen),
            "x": torch.randn(batch, seq, 8, generator=gen),
        }
    if kind == "hyper_images":
        return {
            "h": torch.rand(1, generator=gen),
            "x": torch.randn(batch, 3, seq, seq, generator=gen),
        }
    if kind == "coords1":
        return {"u": torch.rand(rows, generator=gen)}
    if kind == "coords2":
        return {"u": torch.rand(batch, seq, 2, generator=gen)}
    if kind == "coords3":
        return {"u": torch.rand(rows, 3, generator=gen)}
    if kind == "audio":
        steps = torch.arange(64 * seq, dtype=torch.float32)
        pitch = 150.0 + 300.0 * torch.rand(batch, 1, generator=gen)
        phase = 2 * math.pi * pitch * steps / 4000.0
        noise = 0.05 * torch.randn(batch, 64 * seq, generator=gen)
        return {"signal": phase.sin() + 0.5 * (2 * phase).sin() + noise}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
