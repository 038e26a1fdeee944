"""The ``fresh23`` corpus: a twenty-sixth held-back set of packages, held back for a blind first
score.

Built like ``fresh22`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh22``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by ten authors or teams (none of them lucidrains):
differentiable vector quantisation (diveq: DiVeQ with its codebook usage counted in forward,
residual space-filling DiVeQ), windowed-sinc resampling of audio (kazane: upsampling and
decimation by FFT convolution, direct below a block length and block-wise above it),
potential-based recurrent networks (neuralfields: a neural field with a mirrored convolution
over its neurons, a simple neural field with cubic potential dynamics), convolutional
differential operators (convdo: the Poisson and continuity residuals and the transient
Navier-Stokes residual of fields predicted by a small network, Dirichlet and Neumann
boundaries), a registry of transformer blocks (torchblocks-vp: a rotary grouped-query encoder
block with a depthwise convolution module and a SwiGLU feed-forward, a decoder step with
cross-attention and additive attention), echo-state gated cells (esgp: two stacked cells over
a fixed sparse reservoir), rotation-invariant histograms of oriented gradients (rihog: the
vectorised and the naive form), implicit neural representations for seismic inversion
(sweep-nn: a multiresolution hash grid feeding a SIREN, a hash grid grown level by level),
Runge-Kutta physics-informed networks (pinn-rk: the stage and update residuals of the heat
equation under Gauss-Legendre and Radau IIA tableaux, second derivatives by autograd) and
iterative solvers of regularised normal equations (torchsolve: conjugate gradient of a
learned system; Gauss-Newton of a small nonlinear model).
Tried and left out (by their imports, checked on the downloaded wheels or in the env):
diffusion-pytorch-lib (its UNet calls a ``Sequential`` stage with two arguments, so no
forward runs), dstft (matplotlib at import), tiled-convolution (zarr), funrec (farlog,
scikit-learn), torch-pointcloud (h5py, pandas), grafx (torchlpc, torchcomp), survcraft
(scikit-survival), symm-learning (escnn), srf-attention (scipy), torchhyper (matplotlib,
seaborn), soft-moe (timm), kmnet (pycox, pandas), sykra (accelerate), basisconvolution
(seaborn, pandas), curator-torch (ase, asap3), idx-flow (healpy), torch-streamer
(torchaudio), matterhorn-pytorch (matplotlib, h5py), btorch (matplotlib, omegaconf and
more), torch-scattering (scipy, torch-ctf), pytorch-nd-semiconv (numba-cuda), rwkv7-hf (a
Hugging Face model of an architecture that transformers ships), attn-res (kyegomez's),
rim-pytorch (lucidrains'), multihead-latent-attention (as for ``fresh20``: its output
projection does not fit its value heads), rosa-torch, causalflows and zflows (as for
``fresh21``), nsvq and torch-fftconv (by the authors of diveq and kazane, which were taken),
mini-ode, torchmamba, attzoo (no release for the env's Python 3.11) and
selective-self-attention (its source distribution does not build).

Each model runs as ``NAME.eval``; the models in ``TRAINING`` also run as ``NAME.train``: those
whose package code reads the mode (torchblocks-vp's attention drops out only in training, and
its convolution module's batch norm uses batch statistics there).
The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring another
torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``tokens``
is x: batch × seq token ids below 99, ``features`` is x: batch × seq × 32, ``features_mask``
adds mask: batch × seq (True keeps), ``image_chw`` is x: batch × 8 × seq × seq, ``gray`` is
img: batch × 1 × 4·seq × 4·seq in [0, 1], ``moe_inputs`` is inputs: batch × seq × 32), plus the input kind below: ``signal`` (x: batch × 2
× 16·seq samples, so 128 and 256 samples for the two shapes).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "ConvDO": "convdo",
    "diveq": "diveq",
    "esgp": "esgp",
    "kazane": "kazane",
    "neuralfields": "neuralfields",
    "pinn_rk": "pinn-rk",
    "rihog": "rihog",
    "sweep_nn": "sweep-nn",
    "torchblocks": "torchblocks-vp",
    "torchsolve": "torchsolve",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _diveq(kind: str) -> Any:
    """diveq's differentiable vector quantisers over each position's features (a linear map to
    8 dimensions first): DiVeQ (64 codewords, codebook usage counted, replacement every 100
    calls) and residual space-filling DiVeQ (3 codebooks of 8: residual DiVeQ on the first
    call, whose latents set the codebooks, space-filling from the second, replacement every 2
    calls); the quantised rows and the indices, perplexities left out."""

    def factory() -> Any:
        import torch
        from diveq import DIVEQ, ResidualSFDIVEQ

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.proj = torch.nn.Linear(32, 8)
                if kind == "plain":
                    self.vq: Any = DIVEQ(64, 8, allow_warning=False, verbose=False)
                else:
                    self.vq = ResidualSFDIVEQ(
                        8,
                        8,
                        num_codebooks=3,
                        skip_iters=2,
                        avg_iters=1,
                        replacement_iters=2,
                        allow_warning=False,
                        verbose=False,
                    )

            def forward(self, x: torch.Tensor) -> Any:
                rows = self.proj(x).reshape(-1, 8)
                z_q, indices, _ = self.vq(rows)
                if isinstance(indices, list):
                    indices = torch.stack(indices, -1)
                return z_q.reshape(*x.shape[:-1], 8), indices

        return Model()

    return factory


def _kazane(kind: str) -> Any:
    """kazane's windowed-sinc resamplers over a two-channel signal: upsampling by 3 (4 zero
    crossings, Blackman window; blocks of 248 samples) or decimation by 2 (3 zero crossings,
    roll-off 0.9; blocks of 244); a signal shorter than a block runs as one direct FFT
    convolution (A's 128 samples), a longer one block-wise with the cached kernel spectrum
    (B's 256)."""

    def factory() -> Any:
        import kazane
        import torch

        if kind == "up":
            return kazane.Upsample(3, num_zeros=4, window_func=torch.blackman_window)
        return kazane.Decimate(2, num_zeros=3, roll_off=0.9)

    return factory


def _neuralfield(kind: str) -> Any:
    """neuralfields' potential-based recurrent networks over the features, step by step: a
    neural field of 16 neurons (a mirrored convolution of 5 over them, 4 outputs) or a simple
    neural field of 8 neurons with cubic potential dynamics; the outputs and the potentials."""

    def factory() -> Any:
        import neuralfields

        if kind == "field":
            return neuralfields.NeuralField(32, 16, output_size=4, conv_kernel_size=5)
        return neuralfields.SimpleNeuralField(32, 8, potentials_dyn_fcn=neuralfields.pd_cubic)

    return factory


def _convdo(kind: str) -> Any:
    """convdo's finite-difference operators as convolutions, on fields predicted by a small
    convolution from the image's first 4 channels: the Poisson and continuity residuals
    (second order, Dirichlet velocity walls, Neumann pressure walls), or the transient
    Navier-Stokes residual between two time steps (viscosity 0.01, step 0.1, periodic
    domain)."""

    def factory() -> Any:
        import torch
        from ConvDO import (
            DirichletBoundary,
            Domain,
            NeumannBoundary,
            PeriodicDomain,
            PoissonDivergence,
            TransientNS,
        )

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.fields = torch.nn.Conv2d(4, 6 if kind == "ns" else 3, 3, padding=1)
                if kind == "poisson":
                    wall = Domain(boundaries=[DirichletBoundary(0.0)] * 4)
                    pressure = Domain(boundaries=[NeumannBoundary(0.0)] * 4)
                    self.residual: Any = PoissonDivergence(wall, wall, pressure, order=2)
                else:
                    periodic = PeriodicDomain()
                    self.residual = TransientNS(
                        periodic, periodic, periodic, viscosity=0.01, dt=0.1, order=2
                    )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                f = torch.tanh(self.fields(x[:, :4]))
                if kind == "poisson":
                    return self.residual(f[:, 0:1], f[:, 1:2], f[:, 2:3])
                return self.residual(
                    f[:, 0:1], f[:, 1:2], f[:, 2:3], f[:, 3:4], f[:, 4:5], f[:, 5:6]
                )

        return Model()

    return factory


def _blocks(kind: str) -> Any:
    """torchblocks-vp's blocks, taken from its registry (32 features, 4 query heads over 2
    key-value heads, dropout 0.1): an encoder block (rotary grouped-query self-attention, the
    depthwise convolution module of kernel 5, a SwiGLU feed-forward of 64, RMS norms), or a
    decoder step (the last position's state attending by cross-attention over the sequence,
    then additive attention over it with the mask), its outputs and key-value caches."""

    def factory() -> Any:
        import torch
        import torchblocks

        class Encoder(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.rope = torchblocks.get("position", "rope")(8)
                self.attn = torchblocks.get("attention", "gqa")(32, 4, 2)
                self.conv = torchblocks.get("conv", "local")(32, kernel_size=5)
                self.ff = torchblocks.get("feedforward", "swiglu")(32, 64)
                self.norm1 = torchblocks.get("norm", "rmsnorm")(32)
                self.norm2 = torchblocks.get("norm", "rmsnorm")(32)
                self.norm3 = torchblocks.get("norm", "rmsnorm")(32)

            def forward(self, x: torch.Tensor) -> Any:
                cos, sin = self.rope(x.shape[1], x.device)
                h, cache = self.attn(self.norm1(x), cos, sin)
                x = x + h
                x = x + self.conv(self.norm2(x))
                return x + self.ff(self.norm3(x)), cache[0], cache[1]

        class Decoder(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.cross = torchblocks.get("attention", "cross")(32, 4, 2)
                self.additive = torchblocks.get("attention", "bahdanau")(32, 32, attn_dim=16)

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> Any:
                state, cache = self.cross(x[:, -1:], x)
                context, weights = self.additive(state[:, 0], x, src_mask=mask)
                return context, weights, cache[0]

        return Encoder() if kind == "encoder" else Decoder()

    return factory


def _esgp() -> Any:
    """esgp's echo-state gated network over the features: two stacked cells of 16 (a fixed
    reservoir of sparsity 0.2 and spectral radius 0.9, a learned gate), the outputs and the
    last states."""

    def factory() -> Any:
        from esgp import ESGP

        return ESGP(32, 16, num_layers=2, sparsity=0.2, spectral_radius=0.9)

    return factory


def _rihog(kind: str) -> Any:
    """rihog's rotation-invariant histograms of oriented gradients of the gray image: the
    vectorised form (2 neighbourhood steps, 6 bins, circular neighbourhoods, magnitude
    ratios) or the naive form (1 step, 4 bins, square neighbourhoods, magnitude
    differences)."""

    def factory() -> Any:
        import rihog
        import torch

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                if kind == "vectorised":
                    self.hog: Any = rihog.RIHOG(
                        2,
                        6,
                        nbhd_shape=rihog.NeighborhoodShape.CIRCLE,
                        rel_magn_mode=rihog.RelativeMagnitudeMode.RATIO,
                    )
                else:
                    self.hog = rihog.NaiveRIHOG(
                        1, 4, rel_magn_mode=rihog.RelativeMagnitudeMode.DIFF
                    )

            def forward(self, img: torch.Tensor) -> torch.Tensor:
                return self.hog(img)

        return Model()

    return factory


def _inr(kind: str) -> Any:
    """sweep-nn's implicit neural representations queried at points taken from the features:
    a 3-D multiresolution hash grid (4 levels of 2 features, tables of 2^10, resolutions 2 to
    16) feeding a SIREN of 32 hidden (2 hidden layers); or a 2-D hash grid of up to 4 levels
    grown to 3 (resolutions 4 to 32), levels not grown yet contributing zeros."""

    def factory() -> Any:
        import torch
        from sweep_nn import GrowingHashGrid, MultiResHashGrid, SirenMLP

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                if kind == "siren":
                    self.grid: Any = MultiResHashGrid(
                        3,
                        n_levels=4,
                        log2_hashmap_size=10,
                        base_resolution=2,
                        finest_resolution=16,
                    )
                    self.head: Any = SirenMLP(8, 1, hidden_features=32, hidden_layers=2)
                else:
                    self.grid = GrowingHashGrid(
                        2,
                        max_levels=4,
                        log2_hashmap_size=10,
                        base_resolution=4,
                        finest_resolution=32,
                        initial_levels=2,
                    )
                    self.grid.grow(1)
                    self.head = torch.nn.Linear(8, 1)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                points = torch.sigmoid(x[..., : 3 if kind == "siren" else 2])
                return self.head(self.grid(points))

        return Model()

    return factory


def _pinn(kind: str) -> Any:
    """pinn-rk's Runge-Kutta physics-informed residuals of the heat equation u_t = u_xx + f
    on a network of (x, t) (2 layers of 16, exact zero boundary), at points taken from the
    features (each position's first feature squashed into (0, 1)): the stage and update
    residuals of the first of two slabs over [0, 0.2], Gauss-Legendre with 2 stages in 1-D,
    or Radau IIA with 3 stages in 2-D; second derivatives by autograd, so the residuals are
    taken with gradients enabled (the eager runs are under ``no_grad``)."""

    def factory() -> Any:
        import math

        import pinn_rk
        import torch

        dim = 1 if kind == "gauss" else 2
        tableau = (
            pinn_rk.butcher_gauss_legendre_q2()
            if kind == "gauss"
            else pinn_rk.butcher_radau_iia_q3()
        )

        def source(x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
            return torch.sin(math.pi * x).prod(-1, keepdim=True) * torch.exp(-t)

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                config = pinn_rk.RkPinnConfig(
                    tableau=tableau,
                    time_mesh=pinn_rk.TimeMesh.uniform(0.2, 2),
                    space_dim=dim,
                    dtype=torch.float32,
                    device=torch.device("cpu"),
                )
                lop = pinn_rk.Laplacian1D() if dim == 1 else pinn_rk.LaplacianND()
                self.loss = pinn_rk.RkPinnLoss(
                    pinn_rk.MLP(dim + 1, width=16, depth=2, dtype=torch.float32),
                    lop,
                    source,
                    config,
                )

            def forward(self, x: torch.Tensor) -> Any:
                points = torch.sigmoid(x[..., :dim]).reshape(-1, dim)
                times = self.loss.cfg.time_mesh
                k = times.steps[0].to(torch.float32)
                stages = self.loss._stage_times(0)
                with torch.enable_grad():  # the residual's derivatives, as in training
                    return self.loss.rk_residuals(points, 0, k, stages)

        return Model()

    return factory


def _solve(kind: str) -> Any:
    """torchsolve's solvers: conjugate gradient (12 iterations, batched along the rows,
    Tikhonov weight 0.1) of the normal equations of a learned 32 × 32 map for each position's
    features (its weight named as a parameter; under ``no_grad`` the iteration runs without
    the implicit-differentiation function); or Gauss-Newton (3 steps, 6
    batched CG iterations a step, Jacobian products by ``torch.func``) fitting the 8 parameters of a small nonlinear model to each row's pooled
    features."""

    def factory() -> Any:
        import torch
        import torchsolve

        class CG(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.map = torch.nn.Linear(32, 32, bias=False)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                rows = x.reshape(-1, 32)
                weight = self.map.weight

                def normal(v: torch.Tensor) -> torch.Tensor:
                    return (v @ weight.t()) @ weight

                result = torchsolve.conjugate_gradient(
                    normal,
                    self.map(rows) @ weight,
                    regularizers=[torchsolve.Regularizer(0.1)],
                    max_iter=12,
                    batch_dim=0,
                    parameters=[weight],
                    warn_indefinite=False,
                )
                return result.solution.reshape(x.shape)

        class GaussNewton(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.basis = torch.nn.Linear(8, 32)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                data = x.mean(1)

                def model(p: torch.Tensor) -> torch.Tensor:
                    return torch.tanh(self.basis(p))

                result = torchsolve.gauss_newton(
                    model,
                    data,
                    torch.zeros(x.shape[0], 8),
                    solver=torchsolve.CGSolver(max_iter=6, batch_dim=0),
                    iterations=3,
                    alpha=0.5,
                    batch_dims=1,
                )
                return result.solution

        return CG() if kind == "cg" else GaussNewton()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "diveq_plain": ("diveq", _diveq("plain"), {}, "features"),
    "diveq_residual_sf": ("diveq", _diveq("residual_sf"), {}, "features"),
    "kazane_up": ("kazane", _kazane("up"), {}, "signal"),
    "kazane_decimate": ("kazane", _kazane("decimate"), {}, "signal"),
    "neural_field": ("neuralfields", _neuralfield("field"), {}, "moe_inputs"),
    "simple_neural_field": ("neuralfields", _neuralfield("simple"), {}, "moe_inputs"),
    "convdo_poisson": ("ConvDO", _convdo("poisson"), {}, "image_chw"),
    "convdo_ns": ("ConvDO", _convdo("ns"), {}, "image_chw"),
    "blocks_encoder": ("torchblocks", _blocks("encoder"), {}, "features"),
    "blocks_decoder": ("torchblocks", _blocks("decoder"), {}, "features_mask"),
    "esgp": ("esgp", _esgp(), {}, "features"),
    "rihog": ("rihog", _rihog("vectorised"), {}, "gray"),
    "rihog_naive": ("rihog", _rihog("naive"), {}, "gray"),
    "inr_siren": ("sweep_nn", _inr("siren"), {}, "features"),
    "inr_growing": ("sweep_nn", _inr("growing"), {}, "features"),
    "pinn_gauss": ("pinn_rk", _pinn("gauss"), {}, "features"),
    "pinn_radau": ("pinn_rk", _pinn("radau"), {}, "features"),
    "solve_cg": ("torchsolve", _solve("cg"), {}, "features"),
    "solve_gauss_newton": ("torchsolve", _solve("gauss_newton"), {}, "features"),
}

# Package code that reads the mode (see the docstring).
TRAINING: tuple[str, ...] = ("blocks_encoder", "blocks_decoder")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and that of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "signal":
        return {"x": torch.randn(batch, 2, 16 * seq, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
