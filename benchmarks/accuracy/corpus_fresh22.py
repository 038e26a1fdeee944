"""The ``fresh22`` corpus: a twenty-fifth held-back set of packages, held back for a blind first
score.

Built like ``fresh21`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh21``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by eleven authors or teams (none of them lucidrains):
learning to memorise at test time (titans-memory: the memory-as-context and memory-as-gate
language models, the neural long-term memory alone), gated spiking memory cells
(gsmc-torch: a spiking attention over a fused cell, the cell-based layer with its state),
differential-algebraic equation solvers (torchdae: BDF2 and Radau IIA of a neural
semi-explicit DAE, Newton steps through ``torch.func``), Instant-NGP in plain torch
(fast-ngp: a multiresolution hash encoding, a NeRF queried at points and rendered along
rays), CT projectors (torchtomo: parallel- and fan-beam projection and filtered
back-projection), Tsetlin machines (torchtsetlin: a flat and a convolutional machine over
Boolean inputs), 1-Lipschitz layers (deel-torchlip: spectral and Bjorck-normalised
convolutions and linear maps, GroupSort, scaled L2-norm pooling), hexagonal convolutions
(pytorch-hexagdly: 2-D convolution and pooling on a hexagonal grid), the fractional Fourier
transform with a trainable order (torch-frft), learnable B-spline and Legendre curves as KAN
layers (torchcurves) and PersLay over persistence diagrams (torchperslay).
Tried and left out (by their imports, checked on the downloaded wheels or in the env):
s5-pytorch, torchdiffeqpack (matplotlib at import), torch-gauge, geoopt, dasp-pytorch,
torchgw, afx-audio, audiofeat and qtam (scipy; some also joblib,
pandas, torchaudio), torchwavelets and wavepack (PyWavelets), torchkan and jet-pytorch
(torchvision, wandb, huggingface-hub), difffx-pytorch (torchaudio, numba), torch-log-wmse
(torchaudio), musical-mel-transform and multiband-audio (librosa), pytorch-wpe
(torch-complex), torch-pconv (tensor-type), qytorch (its modules import each other as
top-level modules, so nothing imports), tabular-transformers (it installs a top-level
``utils`` package), scalable-softmax (a top-level ``__init__.py``), thriftynet (a top-level
``images`` folder), dhl-mm (a top-level ``equivariant`` package, jax), cosmic-torch
(torch-scatter), titans-torch (its package folder has a hyphen), vbpr-pytorch (pandas),
resdag, torchdyno, torchidl and nessai-torch (scipy and more), esmoe (ultralytics),
kan-mlp-hybrid (scikit-learn, transformers), torchgeometry (kornia's forerunner: kornia is
in the ``pytorch`` corpus), asac-pytorch (lucidrains'), open-kimi (kyegomez's),
torchbayesian and sftransform (both import cleanly; not taken, eleven packages were
enough).

Each model runs as ``NAME.eval``; the models in ``TRAINING`` also run as ``NAME.train``: those
whose package code reads the mode (torchtsetlin's clauses count empty clauses as true only in
training; deel-torchlip's Bjorck normalisation recomputes its weight only in training).
The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring another
torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``tokens``
is x: batch × seq token ids below 99, ``features`` is x: batch × seq × 32, ``features_mask``
adds mask: batch × seq (True keeps), ``image_chw`` is x: batch × 8 × seq × seq), plus the input
kind below: ``slices`` (x: batch × 1 × 16 × 16, an image of fixed size).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "deel": "deel-torchlip",
    "fast_ngp": "fast-ngp",
    "gsmc_torch": "gsmc-torch",
    "perslay": "torchperslay",
    "pytorch_hexagdly": "pytorch-hexagdly",
    "titans": "titans-memory",
    "torch_frft": "torch-frft",
    "torchcurves": "torchcurves",
    "torchdae": "torchdae",
    "torchtomo": "torchtomo",
    "torchtsetlin": "torchtsetlin",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _titans(kind: str) -> Any:
    """titans-memory's models over tokens (32 features, memory MLPs of 64 hidden, chunks of 4,
    2 persistent tokens): memory as a context (two blocks) and memory as a gate (one block,
    sliding window of 4), the logits of their output dictionary; and the neural long-term
    memory alone over the features (momentum and decay gates)."""

    def factory() -> Any:
        import torch
        from titans import NeuralMemory, TitansMAC, TitansMAG

        class LM(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                common: dict[str, Any] = {
                    "d_model": 32,
                    "mem_layers": 2,
                    "d_hidden": 64,
                    "n_persistent": 2,
                    "chunk_size": 4,
                    "ffn_mult": 2,
                    "max_seq_len": 64,
                }
                if kind == "mac":
                    self.lm = TitansMAC(99, n_layers=2, **common)
                else:
                    self.lm = TitansMAG(99, n_layers=1, window=4, **common)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.lm(x)["logits"]

        if kind == "memory":
            return NeuralMemory(32, 64, n_layers=2, chunk_size=4)
        return LM()

    return factory


def _gsmc(kind: str) -> Any:
    """gsmc-torch's gated spiking memory: a spiking attention (32 features, 4 heads) over its
    fused cell; and the cell-based layer (32 inputs, 16 neurons) with its final state and
    membrane sequence returned."""

    def factory() -> Any:
        import torch
        from gsmc_torch import GSMCSpikingAttention, GSMCv2

        class Layer(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.cell = GSMCv2(32, 16)

            def forward(self, x: torch.Tensor) -> Any:
                spikes, state, membrane = self.cell(x, return_states=True)
                return spikes, state.m_t, state.a_adapt, state.scale_t, membrane

        if kind == "attention":
            return GSMCSpikingAttention(32, 4)
        return Layer()

    return factory


def _dae(solver: str) -> Any:
    """torchdae's solvers of a neural semi-explicit DAE (three differential states driven by a
    small network, one algebraic state tied to them), started consistently from the pooled
    features: BDF2 (four steps over [0, 0.5]) or Radau IIA (two steps), the trajectory
    returned."""

    def factory() -> Any:
        import torch
        import torchdae

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.start = torch.nn.Linear(32, 3)
                self.field = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh())
                self.out = torch.nn.Linear(8, 3)

            def residual(self, t: Any, y: torch.Tensor, yp: torch.Tensor) -> torch.Tensor:
                rate = self.out(self.field(y))
                link = y[..., 3:] - torch.tanh(y[..., :1] + y[..., 1:2] * y[..., 2:3])
                return torch.cat([yp[..., :3] - rate, link], -1)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                u = torch.tanh(self.start(x.mean(1)))
                y0 = torch.cat([u, torch.tanh(u[:, :1] + u[:, 1:2] * u[:, 2:3])], -1)
                yp0 = torch.cat([self.out(self.field(y0)), torch.zeros_like(y0[:, 3:])], -1)
                if solver == "bdf2":
                    sol = torchdae.solve_bdf2(
                        self.residual, (0.0, 0.5), y0, yp0=yp0, n_steps=4, ic_tol=1e-5
                    )
                else:
                    sol = torchdae.solve_radau_iia5(
                        self.residual, (0.0, 0.5), y0, yp0=yp0, n_steps=2, ic_tol=1e-5
                    )
                return sol.ys

        return Model()

    return factory


def _ngp(kind: str) -> Any:
    """fast-ngp's Instant-NGP NeRF (a hash encoding of 4 levels, 2 features a level, tables of
    2^10, resolutions 4 to 32; an MLP of 32 hidden with view directions): queried at points
    taken from the features (the view direction per sequence), or rendered along rays from
    each position (8 samples a ray, no perturbation)."""

    def factory() -> Any:
        import torch
        from fast_ngp.models.fast_nerf import FastNGP_NeRF

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.nerf = FastNGP_NeRF(
                    encoding_config={
                        "n_levels": 4,
                        "n_features_per_level": 2,
                        "log2_hashmap_size": 10,
                        "base_resolution": 4,
                        "finest_resolution": 32,
                    },
                    mlp_config={"n_hidden_layers": 2, "hidden_dim": 32},
                )
                self.nerf.renderer.perturb = False
                self.nerf.renderer.n_samples = 8

            def forward(self, x: torch.Tensor) -> Any:
                points = torch.tanh(x[..., :3])
                if kind == "query":
                    return self.nerf(points, x[:, 0, 3:6])
                out = self.nerf.render_rays(0.5 * points.reshape(-1, 3), x[..., 3:6].reshape(-1, 3))
                return out["rgb"], out["depth"], out["weights"]

        return Model()

    return factory


def _tomo(kind: str) -> Any:
    """torchtomo's CT projectors of a 16 × 16 slice (12 angles): parallel beam or fan beam, the
    sinogram and its filtered back-projection (ramp filter)."""

    def factory() -> Any:
        import torch
        from torchtomo import FanBeam, ParallelBeam

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                if kind == "parallel":
                    self.projector: Any = ParallelBeam(img_size=16, n_angles=12)
                else:
                    self.projector = FanBeam(img_size=16, n_angles=12)

            def forward(self, x: torch.Tensor) -> Any:
                sinogram = self.projector(x.abs())
                return sinogram, self.projector.fbp(sinogram)

        return Model()

    return factory


def _tsetlin(kind: str) -> Any:
    """torchtsetlin's Tsetlin machines (3 classes, 8 clauses a class, T 10) over Boolean inputs:
    the flat machine over each position's 32 features thresholded at 0, and the convolutional
    machine over the thresholded slice (patches of 3, position encoding)."""

    def factory() -> Any:
        import torch
        import torchtsetlin as tt

        class Flat(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.machine = tt.TsetlinMachine(32, 3, 8, 10.0)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.machine((x > 0).reshape(-1, 32))

        class Conv(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.machine = tt.ConvTsetlinMachine(
                    3, 8, 10.0, patch_size=3, input_shape=(1, 16, 16)
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.machine(x > 0)

        return Flat() if kind == "flat" else Conv()

    return factory


def _lipschitz() -> Any:
    """deel-torchlip's 1-Lipschitz network over the image (8 channels): spectral convolutions
    (3 × 3) with GroupSort2, scaled L2-norm pooling (2 × 2), a scaled adaptive average pool, a
    spectral linear map (8 to 4) and a Frobenius linear map (4 to 1)."""

    def factory() -> Any:
        import torch
        from deel import torchlip

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = torchlip.Sequential(
                    torchlip.SpectralConv2d(8, 8, 3, padding=1),
                    torchlip.GroupSort2(),
                    torchlip.ScaledL2NormPool2d(2),
                    torchlip.SpectralConv2d(8, 8, 3, padding=1),
                    torchlip.GroupSort2(),
                    torchlip.ScaledAdaptiveAvgPool2d((1, 1)),
                    torch.nn.Flatten(),
                    torchlip.SpectralLinear(8, 4),
                    torchlip.GroupSort2(),
                    torchlip.FrobeniusLinear(4, 1),
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.net(x)

        return Model()

    return factory


def _hex() -> Any:
    """pytorch-hexagdly's hexagonal layers over the image (8 channels): a convolution of one
    ring, ReLU, a max pool of one ring with stride 2, a convolution of two rings to 4 channels
    and an average pool of one ring."""

    def factory() -> Any:
        import pytorch_hexagdly as hex
        import torch

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = torch.nn.Sequential(
                    hex.Conv2d(8, 8, kernel_size=1, stride=1),
                    torch.nn.ReLU(),
                    hex.MaxPool2d(kernel_size=1, stride=2),
                    hex.Conv2d(8, 4, kernel_size=2, stride=1),
                    hex.AvgPool2d(kernel_size=1, stride=1),
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.net(x)

        return Model()

    return factory


def _frft() -> Any:
    """torch-frft's fractional Fourier transforms with trainable orders: a linear map of the
    features, the continuous transform of order 0.7 along the sequence, its magnitude, then the
    discrete transform of order 0.5 along the features, its real part."""

    def factory() -> Any:
        import torch
        from torch_frft.layer import DFrFTLayer, FrFTLayer

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.proj = torch.nn.Linear(32, 16)
                self.along_seq = FrFTLayer(0.7, dim=1)
                self.along_features = DFrFTLayer(0.5, dim=-1)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                h = self.along_seq(self.proj(x)).abs()
                return self.along_features(h).real

        return Model()

    return factory


def _curves() -> Any:
    """torchcurves' curves as a KAN over each position's features: 32 cubic B-spline curves
    (8 control points) into 16 dimensions, summed, then 16 Legendre curves (degree 4) into 4
    dimensions, summed."""

    def factory() -> Any:
        import torch
        import torchcurves as tc

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.first = tc.BSplineCurve(32, 16, knots_config=8)
                self.second = tc.LegendreCurve(16, 4, degree=4)
                self.sum = tc.Sum(dim=-2)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                rows = x.reshape(-1, 32)
                h = self.sum(self.first(rows))
                return self.sum(self.second(h)).reshape(*x.shape[:-1], 4)

        return Model()

    return factory


def _perslay(kind: str) -> Any:
    """torchperslay's PersLay over persistence diagrams taken from the features (birth from one
    feature, death above it by another, padding masked): the two-branch regressor (Gaussian
    images of 4 × 4, learnable power weights); and a layer with an MLP weight, Gaussian images
    of 3 × 3 and the top-2 permutation operation."""

    def factory() -> Any:
        import torch
        from perslay import (
            FlattenRho,
            GaussianPerslayPhi,
            MLPPerslayWeight,
            MultiPerslayRegressor,
            Perslay,
        )

        bounds = [[0.0, 3.0], [0.0, 3.0]]

        class Multi(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                branch = {
                    "image_size": [4, 4],
                    "image_bnds": bounds,
                    "sigma_x": 0.5,
                    "sigma_y": 0.5,
                }
                self.net = MultiPerslayRegressor(
                    {"h0": dict(branch), "h1": dict(branch, sigma_y=0.3)}, hidden_dim=16
                )

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                h0 = _diagram(x[..., :2])
                h1 = _diagram(x[..., 2:4])
                return self.net({"h0": h0, "h1": h1}, mask={"h0": mask, "h1": mask})

        class Top(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layer = Perslay(
                    MLPPerslayWeight(bounds, hidden_dim=8),
                    GaussianPerslayPhi([3, 3], bounds, 0.5),
                    "top2",
                    FlattenRho(),
                )

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                return self.layer(_diagram(x[..., :2]), mask=mask)

        def _diagram(pair: torch.Tensor) -> torch.Tensor:
            birth = pair[..., :1].abs()
            return torch.cat([birth, birth + pair[..., 1:].abs()], -1)

        return Multi() if kind == "multi" else Top()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "titans_mac": ("titans", _titans("mac"), {}, "tokens"),
    "titans_mag": ("titans", _titans("mag"), {}, "tokens"),
    "titans_memory": ("titans", _titans("memory"), {}, "features"),
    "gsmc_attention": ("gsmc_torch", _gsmc("attention"), {}, "features"),
    "gsmc_layer": ("gsmc_torch", _gsmc("layer"), {}, "features"),
    "dae_bdf2": ("torchdae", _dae("bdf2"), {}, "features"),
    "dae_radau": ("torchdae", _dae("radau"), {}, "features"),
    "ngp_query": ("fast_ngp", _ngp("query"), {}, "features"),
    "ngp_render": ("fast_ngp", _ngp("render"), {}, "features"),
    "ct_parallel": ("torchtomo", _tomo("parallel"), {}, "slices"),
    "ct_fan": ("torchtomo", _tomo("fan"), {}, "slices"),
    "tsetlin_flat": ("torchtsetlin", _tsetlin("flat"), {}, "features"),
    "tsetlin_conv": ("torchtsetlin", _tsetlin("conv"), {}, "slices"),
    "lipschitz_net": ("deel", _lipschitz(), {}, "image_chw"),
    "hex_net": ("pytorch_hexagdly", _hex(), {}, "image_chw"),
    "frft": ("torch_frft", _frft(), {}, "features"),
    "curves_kan": ("torchcurves", _curves(), {}, "features"),
    "perslay_multi": ("perslay", _perslay("multi"), {}, "features_mask"),
    "perslay_top": ("perslay", _perslay("top"), {}, "features_mask"),
}

# Package code that reads the mode (see the docstring).
TRAINING: tuple[str, ...] = ("tsetlin_flat", "tsetlin_conv", "lipschitz_net")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and that of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "slices":
        return {"x": torch.randn(batch, 1, 16, 16, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
