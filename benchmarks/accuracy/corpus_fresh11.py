"""The ``fresh11`` corpus: a fourteenth held-back set of packages, held back for a blind first
score.

Built like ``fresh10`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh10``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by ten authors (none of them lucidrains): engression's
stochastic samplers and energy score for distributional regression (engression-pytorch), FFT
convolutions (fft-conv-pytorch), a perfect spatial hash for sparse grids (psh-pytorch), focal
losses (pytorch-focalloss, imported as ``torch_focalloss``), numerical-feature normalisers for
tabular data (pytorch-normalizers), SE(3) and SO(3) exponential and logarithm maps
(pytorchse3), symplectic networks (sympnetstorch, imported as ``SympNetsTorch``), the modified
discrete cosine transform (torch-mdct), four-dimensional pooling and dropout (torch4d) and
spectral gating of audio (torchgating).

Each model runs as ``NAME.eval``, and the models named in ``TRAINING`` in train too: their
package code runs otherwise in training (engression's sampler draws ``m_train`` samples, not
``m_eval``; the quantile normaliser uses the batch's quantiles and moves its running ones; the
smooth buckets' dropout; torch4d's drop block and spatial dropout). The pins are in
setup_env.sh (installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``rows8`` (x: batch·seq × 8), ``signals`` (signal: batch × 4 × 8·seq),
``images3`` (signal: batch × 3 × seq × seq), ``volumes`` (signal: batch × 2 × seq/2 × seq/2 ×
seq/2), ``audio`` (x: batch × 64·seq, a sum of tones and noise), ``waveform`` (the same, named
waveform), ``spectra`` (spectrogram: batch × 32 × (2·seq + 1)), ``samples`` (y: batch·seq × 2,
preds: batch·seq × 6 × 2), ``grid_points`` (x: batch·seq × 2 integer cells of a 16 × 16 grid),
``numeric`` (x: batch·seq × 5, one NaN, some values outside the fitted range), ``hyper4d``
(input: batch × 2 × 4 × 4 × seq/2 × seq/2), ``hyper4d_X`` (the same, named X), ``binary_logits``
(inputs: batch × seq × 3, target: 0/1 of the same shape), ``class_logits`` (inputs: batch·seq ×
5, target: classes), ``twists`` (x: batch·seq × 6, small).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "engression_pytorch": "engression-pytorch",
    "fft_conv_pytorch": "fft-conv-pytorch",
    "psh_pytorch": "psh-pytorch",
    "torch_focalloss": "pytorch-focalloss",
    "pytorch_normalizers": "pytorch-normalizers",
    "pytorchse3": "pytorchse3",
    "SympNetsTorch": "sympnetstorch",
    "torch_mdct": "torch-mdct",
    "torch4d": "torch4d",
    "torchgating": "torchgating",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _engression(kind: str) -> Any:
    """engression-pytorch's stochastic samplers around an MLP of this file (``gConcat``: normal
    noise concatenated to the input; ``gAdd``: uniform noise added to it), their samples of shape
    batch × m × 2; and its energy score loss with its two terms."""

    def factory() -> Any:
        import torch
        from engression_pytorch import EnergyScoreLoss, gAdd, gConcat

        if kind == "loss":
            return EnergyScoreLoss(beta=1.0, p=2, lamb=0.5, return_components=True)

        width = 9 if kind == "concat" else 8
        mlp = torch.nn.Sequential(
            torch.nn.Linear(width, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2)
        )
        if kind == "concat":
            return gConcat(mlp, m_train=3, m_eval=5)
        return gAdd(mlp, m_train=2, m_eval=4, noise_type="uniform", noise_scale=0.5)

    return factory


def _fft_conv(kind: str) -> Any:
    """fft-conv-pytorch's FFT convolutions (modules): 1-D with padding, 2-D strided and grouped,
    3-D dilated."""

    def factory() -> Any:
        from fft_conv_pytorch import FFTConv1d, FFTConv2d, FFTConv3d

        if kind == "1d":
            return FFTConv1d(4, 8, 5, padding=2)
        if kind == "2d":
            return FFTConv2d(3, 6, 3, padding=1, stride=2, groups=3)
        return FFTConv3d(2, 4, 3, padding=2, dilation=2)

    return factory


def _spatial_hash() -> Any:
    """psh-pytorch's perfect spatial hash (a module built from a seeded 16 × 16 occupancy grid,
    four feature channels): the features looked up at grid cells and whether a cell is stored."""
    import torch
    from psh_pytorch import PerfectSpatialHash

    gen = torch.Generator().manual_seed(11)
    occupancy = torch.rand(16, 16, generator=gen) < 0.25
    return PerfectSpatialHash(occupancy, 4)


def _focal(kind: str) -> Any:
    """pytorch-focalloss's losses (modules): binary with a per-class balancing factor, and
    multi-class with class balancing factors and label smoothing, per element (an ignored target
    index fails eagerly: the package indexes its factors with it)."""

    def factory() -> Any:
        import torch
        from torch_focalloss import BinaryFocalLoss, MultiClassFocalLoss

        if kind == "binary":
            return BinaryFocalLoss(gamma=2.0, alpha=torch.tensor([0.5, 1.0, 2.0]))
        return MultiClassFocalLoss(
            gamma=1.5,
            alpha=torch.tensor([1.0, 0.5, 2.0, 1.0, 0.8]),
            label_smoothing=0.1,
            reduction="none",
        )

    return factory


def _normalizer(kind: str) -> Any:
    """pytorch-normalizers' modules fitted on a seeded sample of five numerical features: the
    quantile normaliser (seven buckets) and the smooth buckets (five, dropout 0.1)."""

    def factory() -> Any:
        import torch
        from pytorch_normalizers import QuantileNorm, SmoothBuckets

        gen = torch.Generator().manual_seed(11)
        sample = torch.randn(64, 5, generator=gen) * torch.tensor([1.0, 2.0, 0.5, 3.0, 1.0])
        if kind == "quantile":
            return QuantileNorm(sample, num_buckets=7)
        return SmoothBuckets(sample, num_buckets=5, dropout=0.1)

    return factory


def _se3(kind: str) -> Any:
    """pytorchse3's maps (functions) behind a module of this file: a twist's exponential (a 4 × 4
    transform) and the logarithm of that transform, or the rotation's logarithm alone."""

    def factory() -> Any:
        import torch
        from pytorchse3.se3 import se3_exp_map, se3_log_map
        from pytorchse3.so3 import so3_exp_map, so3_log_map

        class Se3(torch.nn.Module):
            def forward(self, x: torch.Tensor) -> Any:
                transform = se3_exp_map(x)
                return transform, se3_log_map(transform)

        class So3(torch.nn.Module):
            def forward(self, x: torch.Tensor) -> Any:
                rotation = so3_exp_map(x[:, :3])
                return rotation, so3_log_map(rotation)

        return Se3() if kind == "se3" else So3()

    return factory


def _sympnet(inverse: bool) -> Any:
    """sympnetstorch's modules composed as an LA-SympNet of this file (linear, upper activation,
    linear, lower activation, on 4 + 4 coordinates), run forward or inverted."""

    def factory() -> Any:
        import torch
        from SympNetsTorch import SympNets

        class LASympNet(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layers = torch.nn.ModuleList(
                    [
                        SympNets.Linear(dim=4, up_or_low="up", n=3),
                        SympNets.Activation(torch.tanh, dim=4, up_or_low="up"),
                        SympNets.Linear(dim=4, up_or_low="low", n=2),
                        SympNets.Activation(torch.sigmoid, dim=4, up_or_low="low"),
                    ]
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                if inverse:
                    for layer in reversed(self.layers):
                        x = layer(x, inverse=True)
                else:
                    for layer in self.layers:
                        x = layer(x)
                return x

        return LASympNet()

    return factory


def _mdct(kind: str) -> Any:
    """torch-mdct's modules: the MDCT of a signal (a Vorbis window of 64), the inverse MDCT of a
    spectrogram (a Kaiser-Bessel-derived window), and the two chained back to the signal's
    length."""

    def factory() -> Any:
        import torch
        from torch_mdct import IMDCT, MDCT, kaiser_bessel_derived

        if kind == "forward":
            return MDCT(64)
        inverse = IMDCT(64, window_fn=kaiser_bessel_derived)
        if kind == "inverse":
            return inverse
        forward = MDCT(64, window_fn=kaiser_bessel_derived)

        class RoundTrip(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.mdct = forward
                self.imdct = inverse

            def forward(self, waveform: torch.Tensor) -> torch.Tensor:
                return self.imdct(self.mdct(waveform), n_samples=waveform.shape[-1])

        return RoundTrip()

    return factory


def _torch4d(kind: str) -> Any:
    """torch4d's modules on 4-D feature maps: max pooling, drop block, spatial dropout."""

    def factory() -> Any:
        from torch4d.torch4d import DropBlock4d, MaxPool4d, SpatialDropout4d

        if kind == "pool":
            return MaxPool4d(2, 2)
        if kind == "dropblock":
            return DropBlock4d(0.3, 2)
        return SpatialDropout4d(0.5)

    return factory


def _gating(nonstationary: bool) -> Any:
    """torchgating's spectral gate (a module; 4 kHz, FFT of 128), stationary (its threshold from
    the signal's own statistics) or non-stationary (a moving-average threshold)."""

    def factory() -> Any:
        from torchgating import TorchGating

        return TorchGating(
            sr=4000,
            nonstationary=nonstationary,
            n_fft=128,
            freq_mask_smooth_hz=100,
            time_mask_smooth_ms=20,
            n_movemean_nonstationary=5,
        )

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "engression_concat": ("engression_pytorch", _engression("concat"), {}, "rows8"),
    "engression_add": ("engression_pytorch", _engression("add"), {}, "rows8"),
    "energy_score": ("engression_pytorch", _engression("loss"), {}, "samples"),
    "fft_conv1d": ("fft_conv_pytorch", _fft_conv("1d"), {}, "signals"),
    "fft_conv2d": ("fft_conv_pytorch", _fft_conv("2d"), {}, "images3"),
    "fft_conv3d": ("fft_conv_pytorch", _fft_conv("3d"), {}, "volumes"),
    "spatial_hash": ("psh_pytorch", _spatial_hash, {}, "grid_points"),
    "focal_binary": ("torch_focalloss", _focal("binary"), {}, "binary_logits"),
    "focal_multiclass": ("torch_focalloss", _focal("multiclass"), {}, "class_logits"),
    "quantile_norm": ("pytorch_normalizers", _normalizer("quantile"), {}, "numeric"),
    "smooth_buckets": ("pytorch_normalizers", _normalizer("buckets"), {}, "numeric"),
    "se3_maps": ("pytorchse3", _se3("se3"), {}, "twists"),
    "so3_maps": ("pytorchse3", _se3("so3"), {}, "twists"),
    "sympnet": ("SympNetsTorch", _sympnet(False), {}, "rows8"),
    "sympnet_inverse": ("SympNetsTorch", _sympnet(True), {}, "rows8"),
    "mdct": ("torch_mdct", _mdct("forward"), {}, "waveform"),
    "imdct": ("torch_mdct", _mdct("inverse"), {}, "spectra"),
    "mdct_roundtrip": ("torch_mdct", _mdct("roundtrip"), {}, "waveform"),
    "maxpool4d": ("torch4d", _torch4d("pool"), {}, "hyper4d"),
    "dropblock4d": ("torch4d", _torch4d("dropblock"), {}, "hyper4d"),
    "spatial_dropout4d": ("torch4d", _torch4d("spatial"), {}, "hyper4d_X"),
    "gate_stationary": ("torchgating", _gating(False), {}, "audio"),
    "gate_nonstationary": ("torchgating", _gating(True), {}, "audio"),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = (
    "engression_concat",
    "engression_add",
    "quantile_norm",
    "smooth_buckets",
    "dropblock4d",
    "spatial_dropout4d",
)

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import math

    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "rows8":
        return {"x": torch.randn(rows, 8, generator=gen)}
    if kind == "signals":
        return {"signal": torch.randn(batch, 4, 8 * seq, generator=gen)}
    if kind == "images3":
        return {"signal": torch.randn(batch, 3, seq, seq, generator=gen)}
    if kind == "volumes":
        side = seq // 2
        return {"signal": torch.randn(batch, 2, side, side, side, generator=gen)}
    if kind in ("audio", "waveform"):
        steps = torch.arange(64 * seq, dtype=torch.float32)
        pitch = 150.0 + 300.0 * torch.rand(batch, 1, generator=gen)
        phase = 2 * math.pi * pitch * steps / 4000.0
        noise = 0.05 * torch.randn(batch, 64 * seq, generator=gen)
        signal = phase.sin() + 0.5 * (2 * phase).sin() + noise
        return {"x" if kind == "audio" else "waveform": signal}
    if kind == "spectra":
        return {"spectrogram": torch.randn(batch, 32, 2 * seq + 1, generator=gen)}
    if kind == "samples":
        return {
            "y": torch.randn(rows, 2, generator=gen),
            "preds": torch.randn(rows, 6, 2, generator=gen),
        }
    if kind == "grid_points":
        return {"x": torch.randint(0, 16, (rows, 2), generator=gen)}
    if kind == "numeric":
        x = torch.randn(rows, 5, generator=gen) * 2.0
        x[0, 1] = float("nan")
        x[1, 2] = 40.0  # beyond the highest bucket
        x[2, 0] = -40.0  # below the lowest
        return {"x": x}
    if kind in ("hyper4d", "hyper4d_X"):
        side = seq // 2
        maps = torch.randn(batch, 2, 4, 4, side, side, generator=gen)
        return {"input" if kind == "hyper4d" else "X": maps}
    if kind == "binary_logits":
        return {
            "inputs": torch.randn(batch, seq, 3, generator=gen),
            "target": torch.randint(0, 2, (batch, seq, 3), generator=gen).float(),
        }
    if kind == "class_logits":
        return {
            "inputs": torch.randn(rows, 5, generator=gen),
            "target": torch.randint(0, 5, (rows,), generator=gen),
        }
    if kind == "twists":
        return {"x": 0.5 * torch.randn(rows, 6, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
