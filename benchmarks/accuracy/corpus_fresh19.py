"""The ``fresh19`` corpus: a twenty-second held-back set of packages, held back for a blind first
score.

Built like ``fresh18`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh18``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by ten authors or teams (none of them lucidrains):
E(3)-equivariant graph networks with their own radius graph and scatter, no torch-geometric
(e3tools: gated equivariant convolutions, an equivariant graph transformer, equivariant MLPs,
norms and irreps reshaping), attention with a learned spectral positional prior and a key
sink (goat-attention: 1-D bidirectional with padding, causal with grouped keys and a KV cache,
2-D over a patch grid with a class token), implicit neural representations (INR-collection:
SIREN, FiLM-conditioned pi-GAN, IM-NET's concatenated conditioning, a progressive SIREN that
steps its own schedule in forward; siren-torch: a SIREN), mixtures of experts with top-k and
expert-choice routing (pytorch-mixtures), xLSTM's scalar and matrix memory cells unrolled over
time (torchxlstm), phase augmentation of waveforms through an STFT rotation (phaseaug),
differentiable pitch estimators (df0-pitch: dYIN's cumulative mean normalised difference,
dSWIPE's ERB spectra over several window sizes and its template comparison), a predictor-
corrector solver for fractional differential equations with a neural right-hand side
(fdeint), and supervised prototype routing for tabular data (torch-supercluster). Tried and
left out: TorchDiffEqPack (matplotlib at import), torchdyn (torchcde, pytorch-lightning),
torch-gauge and projected-sinkhorn (scipy), tacotron (scipy), yaapt-torch, torch-l1-snr and
difffx-pytorch (torchaudio), torchfcpe (torchaudio, librosa), dasp-pytorch (scipy), qytorch
(its modules import each other by top-level names that do not exist), tabular-transformers (it
installs a top-level ``utils`` package over fresh8's gan-pytorch's), torch-recommenders (its
embeddings build offsets with ``np.long``, gone from numpy 2), scalable-softmax (it installs a
top-level ``__init__.py`` into site-packages), slot-attention-pytorch (hydra, torch < 2),
kan-mlp-hybrid (scikit-learn, torchvision, datasets), soft-moe (timm).

Each model runs as ``NAME.eval``; the models in ``TRAINING`` also run as ``NAME.train``: those
whose package code reads the mode (goat-attention's attention dropout; dSWIPE pads and resamples
its spectra onto the target time axis only in training). The pins are in setup_env.sh
(installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``features``
is x: batch × seq × 32, ``features_mask`` adds mask: batch × seq (True keeps), ``image_chw`` is
x: batch × 8 × seq × seq), plus the input kinds below: ``points`` (pos: batch·seq × 3 points,
batch: the graph of each point), ``coords`` (coordinates: batch × seq × 2 in [-1, 1], z: batch
× 1 × 16 latent codes), ``waveform`` (x: batch × 128·seq samples at 8 kHz: a tone of its own
pitch per item, with noise), ``phase_pair`` (x: batch × 1 × 64·seq samples, phi: batch × 129
phase-delay slopes), ``trajectory`` (y0: batch × 3 initial states, t: seq increasing times
from 0) and ``rows`` (x: batch·seq × 12 tabular features).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "FDEint": "fdeint",
    "INR_collection": "INR-collection",
    "df0": "df0-pitch",
    "e3tools": "e3tools",
    "goat": "goat-attention",
    "phaseaug": "phaseaug",
    "pytorch_mixtures": "pytorch-mixtures",
    "siren": "siren-torch",
    "supercluster": "torch-supercluster",
    "torchxlstm": "torchxlstm",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")

_RADIUS = 1.5  # e3tools' radius graph cutoff
_NFFT = 256  # phaseaug's FFT size: phi holds NFFT // 2 + 1 slopes


def _e3(kind: str) -> Any:
    """e3tools' equivariant layers over point clouds (node features: each point's distance to
    the origin and its position, as ``1x0e + 1x1o``; edges from the package's radius graph,
    their spherical harmonics up to l = 2 and a Gaussian radial basis of their lengths): two
    gated equivariant convolution blocks, pooled per graph by the package's scatter mean; an
    equivariant graph transformer block (two heads, separable convolutions) with the
    equivariant layer norm, pooled by scatter sum; and node-only layers (an equivariant MLP,
    the equivariant layer norm, multiplicities moved to an axis and back, per-irrep scaling,
    the scalars extracted and the irreps unpacked and packed again)."""

    def factory() -> Any:
        import e3nn.math
        import e3nn.o3
        import e3tools
        import e3tools.nn as e3
        import torch

        irreps_in = e3nn.o3.Irreps("1x0e + 1x1o")
        hidden = e3nn.o3.Irreps("8x0e + 4x1o + 2x2e")
        irreps_sh = e3nn.o3.Irreps.spherical_harmonics(2)

        def node_features(pos: torch.Tensor) -> torch.Tensor:
            return torch.cat([pos.norm(dim=-1, keepdim=True), pos], dim=-1)

        def edges(pos: torch.Tensor, batch: torch.Tensor) -> Any:
            edge_index = e3tools.radius_graph(pos, _RADIUS, batch)
            src, dst = edge_index
            vec = pos[src] - pos[dst]
            edge_sh = e3nn.o3.spherical_harmonics(irreps_sh, vec, normalize=True)
            edge_attr = e3nn.math.soft_one_hot_linspace(
                vec.norm(dim=-1), 0.0, _RADIUS, 4, basis="gaussian", cutoff=True
            )
            return edge_index, edge_attr, edge_sh

        class Convolution(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.embed = e3.Linear(irreps_in, hidden)
                self.block1 = e3.ConvBlock(hidden, hidden, irreps_sh, 4)
                self.block2 = e3.ConvBlock(hidden, hidden, irreps_sh, 4)
                self.scalars = e3.ExtractIrreps(hidden, "0e")

            def forward(self, pos: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
                edge_index, edge_attr, edge_sh = edges(pos, batch)
                h = self.embed(node_features(pos))
                h = self.block1(h, edge_index, edge_attr, edge_sh)
                h = self.block2(h, edge_index, edge_attr, edge_sh)
                return e3tools.scatter(self.scalars(h), batch, dim=0, reduce="mean")

        class Transformer(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.embed = e3.Linear(irreps_in, hidden)
                self.block = e3.TransformerBlock(
                    hidden, hidden, irreps_sh, 4, num_heads=2, conv=e3.SeparableConv
                )
                self.norm = e3.LayerNorm(hidden)

            def forward(self, pos: torch.Tensor, batch: torch.Tensor) -> torch.Tensor:
                edge_index, edge_attr, edge_sh = edges(pos, batch)
                h = self.block(self.embed(node_features(pos)), edge_index, edge_attr, edge_sh)
                return e3tools.scatter(self.norm(h), batch, dim=0, reduce="sum")

        class Nodes(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.mlp = e3.EquivariantMLP(irreps_in, hidden, [hidden], norm_layer=e3.LayerNorm)
                self.to_axis = e3.MulToAxis(hidden, 2)
                self.from_axis = e3.AxisToMul(self.to_axis.irreps_out, 2)
                self.scale = e3.ScaleIrreps(hidden)
                self.weights = torch.nn.Linear(1, hidden.num_irreps)
                self.scalars = e3.ExtractIrreps(hidden, "0e")

            def forward(self, pos: torch.Tensor, batch: torch.Tensor) -> Any:
                h = self.mlp(node_features(pos))
                h = self.from_axis(self.to_axis(h))
                h = self.scale(h, self.weights(pos.norm(dim=-1, keepdim=True)))
                packed = e3tools.pack_irreps(e3tools.unpack_irreps(h, hidden))
                return self.scalars(h), packed

        return {"conv": Convolution, "transformer": Transformer, "nodes": Nodes}[kind]()

    return factory


def _goat(kind: str) -> Any:
    """goat-attention's attention with a learned spectral positional prior (two Fourier
    frequencies) and a key sink, batch first, 32 features in four heads: BERT-style over the
    sequence with the padding mask (True ignores) and attention dropout 0.1; GPT-style causal
    attention with two key/value heads over the first half of the sequence, then the second
    half with the first half's keys and values as its cache; and ViT-style over the 2-D grid of
    the image's pixels (a 1 × 1 projection to 32 features) after a class token."""

    def factory() -> Any:
        import torch
        from goat.attention import GoatAttention

        class Bert(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.attn = GoatAttention.for_bert(32, 4, pos_rank=2, abs_rank=2, dropout=0.1)

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> Any:
                return self.attn(x, x, x, key_padding_mask=~mask)

        class Gpt(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.attn = GoatAttention.for_gpt(32, 4, kv_num_heads=2, training_seq_len=64)

            def forward(self, x: torch.Tensor) -> Any:
                half = x.shape[1] // 2
                first, _, cache = self.attn(
                    x[:, :half],
                    x[:, :half],
                    x[:, :half],
                    is_causal=True,
                    need_weights=False,
                    use_cache=True,
                    return_present_kv=True,
                )
                rest = x[:, half:]
                second, weights = self.attn(rest, rest, rest, is_causal=True, past_key_value=cache)
                return first, second, weights

        class Vit(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.patch = torch.nn.Conv2d(8, 32, 1)
                self.cls = torch.nn.Parameter(torch.randn(1, 1, 32))
                self.attn = GoatAttention.for_vit(32, 4, pos_rank=2, abs_rank=2)

            def forward(self, x: torch.Tensor) -> Any:
                tokens = self.patch(x).flatten(2).transpose(1, 2)
                tokens = torch.cat([self.cls.expand(x.shape[0], -1, -1), tokens], dim=1)
                return self.attn(tokens, tokens, tokens, spatial_shape=(x.shape[2], x.shape[3]))

        return {"bert": Bert, "gpt": Gpt, "vit": Vit}[kind]()

    return factory


def _inr(kind: str) -> Any:
    """INR-collection's implicit neural representations (hidden width 32, latent codes of 16):
    a SIREN over the coordinates; pi-GAN (its mapping network gives FiLM scales and shifts to
    weight-normed sine layers); IM-NET (the first coordinate, scaled, concatenated with the
    latent code at every layer); and the progressive SIREN (its forward steps its own schedule
    and ramps a group of its switch weights while buffering). siren-torch's SIREN (two hidden
    layers of 32) over the coordinates."""

    def factory() -> Any:
        import torch
        from INR_collection import modules as inr

        class Siren(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = inr.SIREN(2, 3, num_layers=3, num_hidden=32)

            def forward(self, coordinates: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
                return self.net(coordinates)

        class PiGAN(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = inr.piGAN(
                    2,
                    3,
                    num_mapping_layers=2,
                    num_INR_layers=3,
                    num_hidden_mapping=32,
                    num_hidden_INR=32,
                    z_size=16,
                )

            def forward(self, coordinates: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
                return self.net(coordinates, z)

        class ImNet(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = inr.IMNET(1, 1, num_layers=3, initial_hidden=32, z_size=16)

            def forward(self, coordinates: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
                return self.net(coordinates[..., :1], z)

        class Progressive(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = inr.SIREN_prog(
                    2, 3, num_layers=3, num_hidden=32, total_its=64, num_groups=4
                )

            def forward(self, coordinates: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
                return self.net(coordinates)

        class SirenTorch(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                from siren.siren import SIREN

                self.net = SIREN([32, 32], in_features=2, out_features=3)

            def forward(self, coordinates: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
                return self.net(coordinates)

        return {
            "siren": Siren,
            "pigan": PiGAN,
            "imnet": ImNet,
            "progressive": Progressive,
            "siren_torch": SirenTorch,
        }[kind]()

    return factory


def _moe(kind: str) -> Any:
    """pytorch-mixtures' mixtures of four feed-forward experts over the tokens (32 features):
    top-2 routing (SiLU experts) and expert-choice routing (capacity factor 2, GELU experts).
    Its SwiGLU experts are left out: their down projection takes the full intermediate width,
    but the gated product has half of it."""

    def factory() -> Any:
        import torch
        from pytorch_mixtures import ExpertChoiceMoE, MoEConfig, TopkMoE

        if kind == "topk":
            config = MoEConfig(
                hidden_dim=32,
                intermediate_dim=64,
                num_experts=4,
                expert_fn="ff",
                expert_act="silu",
                router_fn="topk",
                capacity_factor=None,
                topk=2,
                dtype=torch.float32,
            )
            return TopkMoE(config)
        config = MoEConfig(
            hidden_dim=32,
            intermediate_dim=48,
            num_experts=4,
            expert_fn="ff",
            expert_act="gelu",
            router_fn="ec",
            capacity_factor=2.0,
            topk=None,
            dtype=torch.float32,
        )
        return ExpertChoiceMoE(config)

    return factory


def _xlstm(kind: str) -> Any:
    """torchxlstm's cells unrolled over the sequence (32 features, four heads of 8, batch
    first): an sLSTM of two layers, an mLSTM of one, and an xLSTM of an mLSTM and an sLSTM
    block, each also returning its final state."""

    def factory() -> Any:
        from torchxlstm.xlstm import mLSTM, sLSTM, xLSTM

        if kind == "slstm":
            return sLSTM(32, 8, 4, num_layers=2, batch_first=True)
        if kind == "mlstm":
            return mLSTM(32, 8, 4, num_layers=1, batch_first=True)
        return xLSTM(32, 8, 4, "ms", batch_first=True)

    return factory


def _phaseaug() -> Any:
    """phaseaug's augmentation (FFT size 256, hop 64, the low-pass filter over its sampled
    slopes) with the phase-delay slopes given, so the rotation is the same in every back-end."""

    def factory() -> Any:
        from phaseaug.phaseaug import PhaseAug

        return PhaseAug(nfft=_NFFT, hop=64, kernel_size=32)

    return factory


def _pitch(kind: str) -> Any:
    """df0-pitch's differentiable pitch estimators at 8 kHz (F0 100–1000 Hz, 20-cent classes),
    their dictionaries returned as tuples: dYIN (frames of 512, hop 128) with parabolic
    interpolation of the selected F0, and dSWIPE (hop 128, ERB axis at 0.5 ERB up to 4 kHz,
    windows of 64 to 1024 samples) with the local weighted average."""

    def factory() -> Any:
        import torch
        from df0.dswipe import dSWIPE
        from df0.dyin import dYIN

        class Pitch(torch.nn.Module):
            def __init__(self, estimator: torch.nn.Module) -> None:
                super().__init__()
                self.estimator = estimator

            def forward(self, x: torch.Tensor) -> Any:
                out = self.estimator(x)
                return out["logits"], out["probs"], out["f0_hz"]

        if kind == "yin":
            return Pitch(
                dYIN(
                    fs=8000,
                    frame_size=512,
                    hop_size=128,
                    f0_min=100.0,
                    f0_max=1000.0,
                    f0_r_cent=20.0,
                    f0_selection_strategy="parabolic_interpolation",
                )
            )
        return Pitch(
            dSWIPE(
                fs=8000,
                hop_size=128,
                erb_f_max=4000.0,
                erb_r=0.5,
                f0_min=100.0,
                f0_max=1000.0,
                f0_r_cent=20.0,
                f0_selection_strategy="local_weighted_average",
            )
        )

    return factory


def _fde(kind: str) -> Any:
    """fdeint's predictor-corrector solver of a Caputo fractional differential equation whose
    right-hand side is a small network of the state (and, for the second, of the time and a
    sampled input): order 0.7 on the requested times; and a learned order (a sigmoid of a
    parameter) with the input sampled on the time grid and the solver's internal states
    returned too."""

    def factory() -> Any:
        import torch
        from FDEint import FDEint

        class Field(torch.nn.Module):
            def __init__(self, inputs: int) -> None:
                super().__init__()
                self.net = torch.nn.Sequential(
                    torch.nn.Linear(inputs, 16), torch.nn.Tanh(), torch.nn.Linear(16, 3)
                )

            def forward(self, t: torch.Tensor, y: torch.Tensor, u: Any = None) -> torch.Tensor:
                if u is None:
                    return self.net(y)
                return self.net(torch.cat([t, y, u], dim=-1))

        class Autonomous(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.field = Field(3)

            def forward(self, y0: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
                return FDEint(self.field, t, y0, 0.7)

        class Driven(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.field = Field(5)
                self.order = torch.nn.Parameter(torch.tensor(0.5))

            def forward(self, y0: torch.Tensor, t: torch.Tensor) -> Any:
                u = torch.sin(3 * t)[:, None]
                return FDEint(
                    self.field, t, y0, torch.sigmoid(self.order), u=u, return_internals=True
                )

        return Autonomous() if kind == "autonomous" else Driven()

    return factory


def _supercluster(kind: str) -> Any:
    """torch-supercluster's prototype routing over tabular rows (12 features, embeddings of 16,
    six prototypes, two cross-attention layers of four heads): binary (a score per prototype),
    with the package's centre-diversity loss and effective prototype count; and three classes
    (a logit vector per prototype), with its active prototypes."""

    def factory() -> Any:
        import torch
        from supercluster import SuperCluster, center_diversity_loss, effective_prototype_count

        class Binary(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.model = SuperCluster(
                    12, 16, 6, encoder_layers=3, encoder_hidden_size=32, num_attn_heads=4
                )

            def forward(self, x: torch.Tensor) -> Any:
                logits, weights = self.model(x)
                return (
                    logits,
                    weights,
                    center_diversity_loss(self.model.centers),
                    effective_prototype_count(weights),
                )

        class Classes(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.model = SuperCluster(
                    12,
                    16,
                    6,
                    num_classes=3,
                    encoder_layers=3,
                    encoder_hidden_size=32,
                    num_attn_heads=4,
                )

            def forward(self, x: torch.Tensor) -> Any:
                logits, weights = self.model(x)
                return logits, weights, self.model.active_prototypes(weights)

        return Binary() if kind == "binary" else Classes()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "e3_conv": ("e3tools", _e3("conv"), {}, "points"),
    "e3_transformer": ("e3tools", _e3("transformer"), {}, "points"),
    "e3_nodes": ("e3tools", _e3("nodes"), {}, "points"),
    "goat_bert": ("goat", _goat("bert"), {}, "features_mask"),
    "goat_gpt": ("goat", _goat("gpt"), {}, "features"),
    "goat_vit": ("goat", _goat("vit"), {}, "image_chw"),
    "inr_siren": ("INR_collection", _inr("siren"), {}, "coords"),
    "inr_pigan": ("INR_collection", _inr("pigan"), {}, "coords"),
    "inr_imnet": ("INR_collection", _inr("imnet"), {}, "coords"),
    "inr_progressive": ("INR_collection", _inr("progressive"), {}, "coords"),
    "siren_mlp": ("siren", _inr("siren_torch"), {}, "coords"),
    "moe_topk": ("pytorch_mixtures", _moe("topk"), {}, "features"),
    "moe_expert_choice": ("pytorch_mixtures", _moe("expert_choice"), {}, "features"),
    "xlstm_slstm": ("torchxlstm", _xlstm("slstm"), {}, "features"),
    "xlstm_mlstm": ("torchxlstm", _xlstm("mlstm"), {}, "features"),
    "xlstm_mixed": ("torchxlstm", _xlstm("mixed"), {}, "features"),
    "phaseaug": ("phaseaug", _phaseaug(), {}, "phase_pair"),
    "pitch_yin": ("df0", _pitch("yin"), {}, "waveform"),
    "pitch_swipe": ("df0", _pitch("swipe"), {}, "waveform"),
    "fde_autonomous": ("FDEint", _fde("autonomous"), {}, "trajectory"),
    "fde_driven": ("FDEint", _fde("driven"), {}, "trajectory"),
    "supercluster_binary": ("supercluster", _supercluster("binary"), {}, "rows"),
    "supercluster_classes": ("supercluster", _supercluster("classes"), {}, "rows"),
}

# Package code that reads the mode (see the docstring).
TRAINING: tuple[str, ...] = ("goat_bert", "pitch_swipe")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "points":
        return {
            "pos": torch.randn(rows, 3, generator=gen),
            "batch": torch.arange(batch).repeat_interleave(seq),
        }
    if kind == "coords":
        return {
            "coordinates": torch.rand(batch, seq, 2, generator=gen) * 2 - 1,
            "z": torch.randn(batch, 1, 16, generator=gen),
        }
    if kind == "waveform":
        samples = 128 * seq
        time = torch.arange(samples, dtype=torch.float32) / 8000
        pitch = torch.rand(batch, 1, generator=gen) * 400 + 150
        noise = torch.randn(batch, samples, generator=gen) * 0.05
        return {"x": torch.sin(2 * torch.pi * pitch * time) + noise}
    if kind == "phase_pair":
        return {
            "x": torch.randn(batch, 1, 64 * seq, generator=gen) * 0.1,
            "phi": torch.randn(batch, _NFFT // 2 + 1, generator=gen) * 0.05,
        }
    if kind == "trajectory":
        steps = torch.rand(seq - 1, generator=gen) * 0.1 + 0.05
        return {
            "y0": torch.randn(batch, 3, generator=gen),
            "t": torch.cat([torch.zeros(1), steps.cumsum(0)]),
        }
    if kind == "rows":
        return {"x": torch.randn(rows, 12, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
