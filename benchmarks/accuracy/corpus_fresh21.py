"""The ``fresh21`` corpus: a twenty-fourth held-back set of packages, held back for a blind first
score.

Built like ``fresh20`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh20``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by ten authors or teams (none of them lucidrains):
adaptive residual scaling by energy ratios (aion-torch: a pre-norm block, a residual with its
statistics read out), channel attention for images and series (channel-attention:
multi-branch squeeze-and-excitation, ECA, local importance, CBAM), data-aware random-feature
attention (darkformer-pytorch: a causal language model with chunked linear attention and
projection redraws in training, an encoder that switches to exact attention below a length),
geometric-algebra equivariant transformers (ezgatr: projective multivectors of points, inner
product and distance-aware attention), gated delta networks (opengdn: the token-by-token
reference recurrence and the chunkwise WY solve, continued from a returned state), tensor
networks (tensorkrowch: a matrix product state layer and its convolutional form), N-D
sequence models (torch-dimensions: S4D and S4 kernels, an axial Mamba over a lattice in
time, an axial transformer), learnable polynomial, Fourier and tropical activations
(torchortho), parametric activations with bilinear forms and a penalised spline smoother
(pyteals) and differentiable Lie groups (torchlie: SE(3) and SO(3) tensors).
Tried and left out: rosa-torch (its suffix automaton runs in NumPy and numba back-ends),
pyharmx (it installs a top-level ``tests`` package into site-packages), causalflows (it
depends on zuko, a package of the ``fresh4`` corpus), zflows (zuko's flows in zuko's layout),
e2cnn, tntorch and neural-trees (scipy; neural-trees also scikit-learn), tracetorch (scipy,
matplotlib), learnergy (scikit-image, matplotlib), spatial-grouping-attention (timm),
mc-dropout-pytorch (accelerate, ema-pytorch), leibniz (torchpwl, cached-property),
declarative-attention and quasimetric-attention (lucidrains'), attn-res (kyegomez's),
mini-ode, mhc-pytorch and ghonn-models-pytorch 0.2 (their releases require Python 3.12 or
later, the env has 3.11).

Each model runs as ``NAME.eval``; the models in ``TRAINING`` also run as ``NAME.train``: those
whose package code reads the mode (aion-torch's residual updates its energy ratio and its
scale only in training; darkformer-pytorch redraws its random features only in training).
The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring another
torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``tokens``
is x: batch × seq token ids below 99, ``features`` is x: batch × seq × 32, ``features_mask``
adds mask: batch × seq (True keeps), ``image_chw`` is x: batch × 8 × seq × seq), plus the input
kinds below: ``points`` (points: batch × seq × 3 coordinates, mask: batch × seq, True keeps),
``unit_rows`` (x: batch·seq × 8 values in [0, 1]), ``frames`` (x: batch × seq × 4 × 4 × 8, a
4 × 4 lattice over time) and ``grid`` (x: batch × 8 × 8 × 8, an 8 × 8 lattice, size fixed).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "aion_torch": "aion-torch",
    "channel_attention": "channel-attention",
    "darkformer_pytorch": "darkformer-pytorch",
    "ezgatr": "ezgatr",
    "opengdn": "opengdn",
    "pyteals": "pyteals",
    "tensorkrowch": "tensorkrowch",
    "torch_dimensions": "torch-dimensions",
    "torchlie": "torchlie",
    "torchortho": "torchortho",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _aion() -> Any:
    """aion-torch's adaptive residuals over features (32): a pre-norm block around a GELU
    feed-forward with its energy-ratio residual (EMA-smoothed), then a second residual (no
    smoothing) around a linear branch with its statistics (the scale and the ratio) returned as
    a tensor."""

    def factory() -> Any:
        import torch
        from aion_torch import AionBlock, AionResidual

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                ff = torch.nn.Sequential(
                    torch.nn.Linear(32, 64), torch.nn.GELU(), torch.nn.Linear(64, 32)
                )
                self.block = AionBlock(ff, 32)
                self.residual = AionResidual(alpha0=0.2, beta=0.1, ema_gamma=1.0)
                self.branch = torch.nn.Linear(32, 32)

            def forward(self, x: torch.Tensor) -> Any:
                h = self.block(x)
                out, stats = self.residual(h, self.branch(h), return_stats=True)
                return out, torch.tensor([stats["alpha"], stats["ratio"]])

        return Model()

    return factory


def _channel(kind: str) -> Any:
    """channel-attention's modules: over the image (8 channels), multi-branch
    squeeze-and-excitation (3 branches), ECA (kernel 3), local importance attention (soft
    pooling, 4 hidden channels) and CBAM with its residual; over the feature sequence as 32
    channels, squeeze-and-excitation, the fast local attention, spatial and channel
    attention."""

    def factory() -> Any:
        import channel_attention as ca
        import torch

        class Image(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layers = torch.nn.Sequential(
                    ca.MultiSEAttention(2, 8, reduction=2, n_branches=3),
                    ca.EfficientChannelAttention(2, 3),
                    ca.LocalAttention(2, 8, hidden_channels=4),
                )
                self.cbam = ca.ConvBlockAttention(2, 8, reduction=2, kernel_size=3)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.cbam(self.layers(x), with_residual=True)

        class Series(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.se = ca.SEAttention(1, 32, reduction=4)
                self.local = ca.LocalAttention(1, 32, speed=True)
                self.spatial = ca.SpatialAttention(1, kernel_size=3)
                self.channel = ca.ChannelAttention(1, 32, reduction=4)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                x = x.transpose(1, 2)  # channels first
                return self.channel(self.spatial(self.local(self.se(x))))

        return Image() if kind == "image" else Series()

    return factory


def _darkformer(kind: str) -> Any:
    """darkformer-pytorch's data-aware random-feature attention (32 features, 2 heads): a causal
    language model (two layers, chunks of 4, rotary embedding, dropout 0.1, features redrawn
    every second call in training); and an encoder layer over the masked features that uses
    exact attention up to 8 positions and linear attention beyond."""

    def factory() -> Any:
        import darkformer_pytorch as dk
        import torch

        class LM(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.lm = dk.DarkformerLM(
                    99,
                    32,
                    2,
                    heads=2,
                    causal=True,
                    causal_chunk_size=4,
                    feature_redraw_interval=2,
                    mlp_dim=64,
                    dropout=0.1,
                    max_seq_len=64,
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.lm(x)

        class Encoder(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = dk.Darkformer(
                    32,
                    1,
                    heads=2,
                    attention_mode="auto",
                    exact_threshold=8,
                    exact_backend="sdpa",
                    mlp_dim=64,
                )

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                return self.net(x, mask=mask)

        return LM() if kind == "lm" else Encoder()

    return factory


def _gatr(kind: str) -> Any:
    """ezgatr's multivector-only geometric algebra transformer (two layers, 4 hidden channels, 2
    heads) over points encoded as projective multivectors and decoded back: causal, with inner
    product and distance-aware attention; and non-causal, with the padding mask and a
    distance-aware attention of its own epsilon."""

    def factory() -> Any:
        import torch
        from ezgatr.interfaces import point
        from ezgatr.nets.mv_only_gatr import MVOnlyGATrConfig, MVOnlyGATrModel

        causal = kind == "causal"
        kinds: dict[str, Any] = {"ipa": None, "daa": None if causal else {"eps": 1e-2}}

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                config = MVOnlyGATrConfig(
                    num_layers=2,
                    size_channels_hidden=4,
                    size_channels_intermediate=4,
                    attn_num_heads=2,
                    attn_kinds=kinds,  # type: ignore[arg-type]
                    attn_is_causal=causal,
                )
                self.net = MVOnlyGATrModel(config)

            def forward(self, points: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                mv = point.encode(points).unsqueeze(-2)  # one multivector channel
                attn_mask = None if causal else mask[:, None, None, :]
                return point.decode(self.net(mv, attn_mask=attn_mask).squeeze(-2))

        return Model()

    return factory


def _gdn(backend: str) -> Any:
    """opengdn's gated delta mixer (32 features, 2 heads, causal convolutions of 3): the first
    half of the sequence with its state returned, then the second half continued from that
    state; by the token-by-token reference recurrence or the chunkwise solve (chunks of 4)."""

    def factory() -> Any:
        import torch
        from opengdn import GatedDeltaMixer

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.mixer = GatedDeltaMixer(
                    32, 2, backend=backend, chunk_size=4, conv_kernel_size=3
                )

            def forward(self, x: torch.Tensor) -> Any:
                half = x.shape[1] // 2
                first, state = self.mixer(x[:, :half], return_state=True)
                second = self.mixer(x[:, half:], state=state)
                return first, second, state.recurrent

        return Model()

    return factory


def _tensor_network(kind: str) -> Any:
    """tensorkrowch's matrix product states (bond dimension 4, near-identity initialisation):
    an MPS layer over 8 features embedded as unit vectors, 4 outputs; and its convolutional
    form over the image's first channel (squashed to [0, 1]), kernels of 2 × 2, 4 outputs."""

    def factory() -> Any:
        import tensorkrowch as tk
        import torch

        class Layer(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.mps = tk.models.MPSLayer(
                    n_features=9, in_dim=2, out_dim=4, bond_dim=4, init_method="randn_eye", std=1e-3
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.mps(tk.embeddings.unit(x))

        class Conv(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.mps = tk.models.ConvMPSLayer(
                    in_channels=2,
                    out_channels=4,
                    bond_dim=4,
                    kernel_size=2,
                    init_method="randn_eye",
                    std=1e-3,
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.mps(tk.embeddings.unit(x[:, 0].sigmoid(), axis=1))

        return Layer() if kind == "layer" else Conv()

    return factory


def _dimensions(kind: str) -> Any:
    """torch-dimensions' N-D sequence models, in their pure-PyTorch (``portable``) form: S4D over
    the features (two layers, state 8, dropout 0.1); the DPLR S4 kernel (two bidirectional
    layers, state 8); an axial Mamba over a 4 × 4 lattice in time (three layers: time, then
    each axis); and an axial transformer over an 8 × 8 lattice (two layers, 2 heads)."""

    def factory() -> Any:
        import torch_dimensions as td

        if kind == "s4d":
            return td.S4D(32, 2, portable=True, mixer_kwargs={"d_state": 8}, dropout=0.1)
        if kind == "s4":
            return td.S4(32, 2, portable=True, d_state=8, bidirectional=True)
        if kind == "mamba":
            return td.MambaND(8, 3, dim=2, shape=(4, 4), portable=True)
        return td.Transformer(8, 2, lattice=td.Lattice(shape=(8, 8)), mixer_kwargs={"n_heads": 2})

    return factory


def _ortho() -> Any:
    """torchortho's learnable activations between linear maps of the features: Hermite
    (degree 4, with its learnable clamp), Fourier (degree 3), tropical rational (degree 3) and
    tropical (degree 3)."""

    def factory() -> Any:
        import torch
        import torchortho

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.first = torch.nn.Linear(32, 32)
                self.hermite = torchortho.HermiteActivation(4, clamp=True)
                self.second = torch.nn.Linear(32, 32)
                self.fourier = torchortho.FourierActivation(3)
                self.third = torch.nn.Linear(32, 32)
                self.rational = torchortho.TropicalRationalActivation(3)
                self.tropical = torchortho.TropicalActivation(3)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                x = self.hermite(self.first(x))
                x = self.fourier(self.second(x))
                return self.tropical(self.rational(self.third(x)))

        return Model()

    return factory


def _teals() -> Any:
    """pyteals' primitives over the features (projected to 16): the bent identity and
    square-plus activations, a bilinear form of the pooled features through its shrink (8
    outputs), a quasi-diagonal bilinear form of the first 8 positions against the pool (curves
    of 8 points), smoothed by the penalised spline with per-point penalties from the pool."""

    def factory() -> Any:
        import torch
        from pyteals import NoTrilinBilin, PBId, PPSpline, PTanhShrink, QDiagBilin, SqrP

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.proj = torch.nn.Linear(32, 16)
                self.bent = PBId(16)
                self.square_plus = SqrP()
                self.pair = PTanhShrink(NoTrilinBilin(16, 16, 8), 8)
                self.curves = QDiagBilin(16, 16, 8)
                self.penalty = torch.nn.Linear(16, 8)
                self.spline = PPSpline(8, delta_q=0.1)

            def forward(self, x: torch.Tensor) -> Any:
                h = self.square_plus(self.bent(self.proj(x)))
                pooled = h.mean(1)
                curves = self.curves(h[:, :8], pooled)
                penalty = torch.nn.functional.softplus(self.penalty(pooled))
                return self.pair(pooled, pooled), self.spline(curves, penalty)

        return Model()

    return factory


def _lie() -> Any:
    """torchlie's Lie tensors: an SE(3) pose per sequence from the exponential of a predicted
    twist, applied to each position's first three features, and the logarithm of the pose
    composed with its inverse; an SO(3) rotation of the same points and its logarithm."""

    def factory() -> Any:
        import torch
        import torchlie as lie

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.twist = torch.nn.Linear(32, 6)
                self.axis_angle = torch.nn.Linear(32, 3)

            def forward(self, x: torch.Tensor) -> Any:
                pooled = x.mean(1)
                pose = lie.SE3.exp(0.1 * self.twist(pooled))
                rotation = lie.SO3.exp(0.1 * self.axis_angle(pooled))
                points = x[..., :3]
                moved = torch.stack(
                    [lie.transform(pose, points[:, i]) for i in range(points.shape[1])], 1
                )
                turned = torch.stack(
                    [rotation.transform(points[:, i]) for i in range(points.shape[1])], 1
                )
                return moved, turned, lie.log(lie.compose(pose, lie.inv(pose))), rotation.log()

        return Model()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "aion_residual": ("aion_torch", _aion(), {}, "features"),
    "channel_image": ("channel_attention", _channel("image"), {}, "image_chw"),
    "channel_series": ("channel_attention", _channel("series"), {}, "features"),
    "darkformer_lm": ("darkformer_pytorch", _darkformer("lm"), {}, "tokens"),
    "darkformer_auto": ("darkformer_pytorch", _darkformer("auto"), {}, "features_mask"),
    "gatr_causal": ("ezgatr", _gatr("causal"), {}, "points"),
    "gatr_masked": ("ezgatr", _gatr("masked"), {}, "points"),
    "gdn_reference": ("opengdn", _gdn("reference"), {}, "features"),
    "gdn_chunkwise": ("opengdn", _gdn("chunkwise"), {}, "features"),
    "mps_layer": ("tensorkrowch", _tensor_network("layer"), {}, "unit_rows"),
    "mps_conv": ("tensorkrowch", _tensor_network("conv"), {}, "image_chw"),
    "s4d": ("torch_dimensions", _dimensions("s4d"), {}, "features"),
    "s4_dplr": ("torch_dimensions", _dimensions("s4"), {}, "features"),
    "mamba_lattice": ("torch_dimensions", _dimensions("mamba"), {}, "frames"),
    "axial_transformer": ("torch_dimensions", _dimensions("transformer"), {}, "grid"),
    "ortho_activations": ("torchortho", _ortho(), {}, "features"),
    "teals": ("pyteals", _teals(), {}, "features"),
    "lie_poses": ("torchlie", _lie(), {}, "features"),
}

# Package code that reads the mode (see the docstring).
TRAINING: tuple[str, ...] = ("aion_residual", "darkformer_lm")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    mask = torch.ones(batch, seq, dtype=torch.bool)
    mask[0, -2:] = False  # some padding, so mask handling runs
    if kind == "points":
        return {"points": torch.randn(batch, seq, 3, generator=gen), "mask": mask}
    if kind == "unit_rows":
        return {"x": torch.rand(batch * seq, 8, generator=gen)}
    if kind == "frames":
        return {"x": torch.randn(batch, seq, 4, 4, 8, generator=gen)}
    if kind == "grid":
        return {"x": torch.randn(batch, 8, 8, 8, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
