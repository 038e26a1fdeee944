"""The ``fresh20`` corpus: a twenty-third held-back set of packages, held back for a blind first
score.

Built like ``fresh19`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh19``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by eleven authors or teams (none of them lucidrains):
pivotal (Floyd) attention over pair features of a graph (floydnet: pre-norm with attention
dropout, post-norm with a boolean pivot mask), structured linear controlled differential
equations (torch-slices: block-diagonal transitions by a parallel associative scan in chunks,
diagonal-plus-dense transitions by a recurrence with matrix exponentials, a multi-head
read-out), rate-and-state friction laws integrated by RK4 (torch-friction: one step with its
input checks, a trajectory unrolled over time), a Legendre polynomial basis layer
(torch-legendre), spectral functions of symmetric positive definite matrices with custom
autograd (torchspd: logarithm, square roots, powers, exponential, projection), SPD output
layers (spdlayers: Cholesky and eigendecomposition), attention-free transformers (aft-pt:
full, simple and local, the last rebuilding its position biases in forward), Gaussian
adaptive attention over feature axes (gaussian-adaptive-attention), context-modulated
convolutions (contextual-conv: FiLM 1-D, scaled 2-D with analytic context inference),
reverse-complement parameter sharing over DNA (rcps-pytorch) and neuronal attention circuits
(torch-nac: NAC with NCP wirings in exact and Euler modes, liquid attention with sparse top-k
pairs, the FLUID encoder-decoder with hyper-connections). Tried and left out: pytorch-context-
based-norm (its package folder has hyphens in its name, so nothing importable installs; it
declares tensorflow), multihead-latent-attention (its value heads lack the rotary width its
output projection expects), volterrasys-pytorch (builds its kernels for one input length and
prints in forward), grouped-query-attention-pytorch (torchscale, xformers), self-attention-cv
(torchvision), srf-attention (scipy), torch-factorization-models (pytorch-lightning, pandas,
scikit-learn), torchcvnn (scipy, h5py, huggingface-hub), torchhyper (diffusers, matplotlib),
torchgalayers (its wheel holds no code); quatnet, hyptorch, torchmamba, spectrans and attzoo
(their releases require Python 3.8 or 3.12 and later, the env has 3.11), torchrecsys and
selective-self-attention (their source distributions do not build).

Each model runs as ``NAME.eval``; the models in ``TRAINING`` also run as ``NAME.train``: those
whose package code reads the mode (floydnet's pivotal attention passes its dropout only in
training). The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring
another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``tokens``
is x: batch × seq token ids below 99, ``features`` is x: batch × seq × 32, ``features_mask``
adds mask: batch × seq (True keeps), ``image_chw`` is x: batch × 8 × seq × seq), plus the input
kinds below: ``pairs`` (x: batch × seq × seq × 32 pair features, mask: batch × seq, True
keeps), ``features_context`` (x: batch × seq × 32, c: batch × 4 context vectors),
``image_context`` (x: batch × 8 × seq × seq, c: batch × 4), ``slip`` (velocity and state:
batch·seq positive values, dt: a 0-d tensor), ``velocities`` (velocity: batch × seq positive
sliding velocities), ``rows`` (x: batch·seq × 12 tabular features) and ``dna`` (input: batch × 4
× 4·seq one-hot bases).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "aft_pt": "aft-pt",
    "contextual_conv": "contextual-conv",
    "floydnet": "floydnet",
    "gaussian_adaptive_attention": "gaussian-adaptive-attention",
    "rcps": "rcps-pytorch",
    "slices": "torch-slices",
    "spdlayers": "spdlayers",
    "torch_friction": "torch-friction",
    "torch_legendre": "torch-legendre",
    "torch_nac": "torch-nac",
    "torchspd": "torchspd",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _floyd(kind: str) -> Any:
    """floydnet's pivotal attention block over pair features (32 features, four heads): pre-norm
    with a symmetric mix, ReLU feed-forward and attention dropout 0.1; and post-norm with RMS
    norms, GELU, no symmetric mix and a boolean mask that hides padded pivots."""

    def factory() -> Any:
        import torch
        from floydnet import PivotalAttentionBlock

        class Pre(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.block = PivotalAttentionBlock(32, 4, dropout=0.1)

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                return self.block(x)

        class Post(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.block = PivotalAttentionBlock(
                    32,
                    4,
                    norm_position="post",
                    norm_fn="rmsnorm",
                    activation_fn="gelu",
                    enable_symmetric_mix=False,
                )

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
                hidden = ~mask[:, None, None, None, :]  # (B, 1, 1, 1, L): padded pivots
                return self.block(x, attn_mask=hidden)

        return Pre() if kind == "pre" else Post()

    return factory


def _slices(kind: str) -> Any:
    """torch-slices' structured linear CDEs (hidden width 32): a stacked model over tokens
    (two layers, block-diagonal transitions of 4, the parallel associative scan in chunks of
    4 steps); one SLiCE layer over increments of the features with diagonal-plus-dense
    transitions by matrix exponentials, an input-dependent initial state and the recurrence;
    and a stacked model over the features with elementwise transitions, post-norm layer norms,
    a single GLU feed-forward and two read-out heads."""

    def factory() -> Any:
        import torch
        from slices import SLiCE, StackedSLiCE

        class Model(torch.nn.Module):
            def __init__(self, net: torch.nn.Module) -> None:
                super().__init__()
                self.net = net

            def forward(self, x: torch.Tensor) -> Any:
                out = self.net(x)
                return tuple(out) if isinstance(out, list) else out

        if kind == "parallel":
            return Model(StackedSLiCE(2, 99, 32, 5, block_size=4, chunk_size=4, dropout_rate=0.1))
        if kind == "recurrent":
            return Model(
                SLiCE(
                    32,
                    32,
                    block_size=4,
                    diagonal_dense=True,
                    input_dependent_init=True,
                    use_parallel=False,
                    path_mode="increments",
                    transition_mode="matrix_exp",
                )
            )
        return Model(
            StackedSLiCE(
                1,
                32,
                32,
                (3, 2),
                tokens=False,
                block_size=1,
                norm_type="layernorm",
                prenorm=False,
                ff_style="single",
                ff_activation="glu",
                ff_mult=1,
            )
        )

    return factory


def _friction(kind: str) -> Any:
    """torch-friction's rate-and-state friction (float64 parameters): one step of the aging law
    with the state evolved by RK4 and its input checks (a 0-d time step, positive velocities
    and states); and the slip law's trajectory over the sliding velocities from steady state,
    then continued from its last state."""

    def factory() -> Any:
        import torch
        from torch_friction import FrictionLayer

        class Step(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layer = FrictionLayer(law="aging")

            def forward(self, velocity: torch.Tensor, state: torch.Tensor, dt: torch.Tensor) -> Any:
                return self.layer(velocity, state, dt)

        class Trajectory(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layer = FrictionLayer(law="slip", Dc=0.02)

            def forward(self, velocity: torch.Tensor) -> Any:
                frictions, states = self.layer.forward_trajectory(velocity, 0.01)
                more, _ = self.layer.forward_trajectory(
                    velocity.flip(1), 0.01, initial_state=states[:, -1]
                )
                return frictions, states, more

        return Step() if kind == "step" else Trajectory()

    return factory


def _legendre() -> Any:
    """torch-legendre's basis layer over tabular rows: degree 5 mapped to 8 outputs, and the
    raw degree-4 expansion of the same rows."""

    def factory() -> Any:
        import torch
        from torch_legendre import LegendreLayer

        class Model(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.mapped = LegendreLayer(12, 5, out_features=8)
                self.raw = LegendreLayer(12, 4)

            def forward(self, x: torch.Tensor) -> Any:
                x = torch.tanh(x)  # the basis is defined on [-1, 1]
                return self.mapped(x), self.raw(x)

        return Model()

    return factory


def _spd(kind: str) -> Any:
    """torchspd's spectral functions of SPD matrices (covariances of 8 projected features over
    the sequence, regularised): the matrix logarithm flattened into a linear read-out, the
    square root with its eigendecomposition returned and reused for the inverse square root;
    and powers (negative and positive), the exponential, the projection onto the PSD cone and
    a quadrature-built function (softplus). spdlayers' SPD output layers over tabular rows: a
    Cholesky layer (softplus diagonal) and an orthotropic eigendecomposition layer (squared
    eigenvalues, the smallest set to zero)."""

    def factory() -> Any:
        import torch

        if kind in ("spectral", "powers"):
            import torchspd

            class Covariance(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.proj = torch.nn.Linear(32, 8)

                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    h = self.proj(x)
                    h = h - h.mean(dim=1, keepdim=True)
                    cov = h.transpose(1, 2) @ h / x.shape[1]
                    return cov + 1e-3 * torch.eye(cov.shape[-1])

            class Spectral(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.covariance = Covariance()
                    self.head = torch.nn.Linear(36, 4)
                    self.register_buffer("rows", torch.triu_indices(8, 8)[0])
                    self.register_buffer("cols", torch.triu_indices(8, 8)[1])

                def forward(self, x: torch.Tensor) -> Any:
                    cov = self.covariance(x)
                    log = torchspd.logm(cov)
                    root, eig = torchspd.sqrtm(cov, return_eig=True)
                    inv_root = torchspd.invsqrtm(cov, eig=eig)
                    return self.head(log[:, self.rows, self.cols]), root, inv_root

            class Powers(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.covariance = Covariance()

                def forward(self, x: torch.Tensor) -> Any:
                    cov = self.covariance(x)
                    softplus = torchspd.apply_quad(cov, torch.nn.functional.softplus, torch.sigmoid)
                    return (
                        torchspd.powm(cov, -0.5),
                        torchspd.powm(cov, 0.5),
                        torchspd.expm(0.1 * cov),
                        torchspd.proj_psd(cov - cov.mean()),
                        softplus,
                    )

            return Spectral() if kind == "spectral" else Powers()

        import spdlayers

        class Layers(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.chol_in = torch.nn.Linear(12, spdlayers.in_shape_from(6))
                self.cholesky = spdlayers.Cholesky(6, positive="Softplus")
                self.eig_in = torch.nn.Linear(12, 9)
                self.eigen = spdlayers.Eigen(
                    6, symmetry="orthotropic", positive="Square", n_zero_eigvals=1
                )

            def forward(self, x: torch.Tensor) -> Any:
                return self.cholesky(self.chol_in(x)), self.eigen(self.eig_in(x))

        return Layers()

    return factory


def _aft(kind: str) -> Any:
    """aft-pt's attention-free transformer layers (32 features, hidden 32, learned position
    biases up to 16 steps): full, simple, and local (window 4; its forward rebuilds the
    position biases as a new parameter from a nested list)."""

    def factory() -> Any:
        import aft_pt

        if kind == "full":
            return aft_pt.AFTFull(16, 32, hidden_dim=32)
        if kind == "simple":
            return aft_pt.AFTSimple(16, 32, hidden_dim=32)
        return aft_pt.AFTLocal(16, 32, hidden_dim=32, s=4)

    return factory


def _gaussian(kind: str) -> Any:
    """gaussian-adaptive-attention's Gaussian mixture gating: four heads of three Gaussians over
    the feature axis, with the mixture returned; and a block of two layers (two heads over the
    sequence axis, four over the features) over features whose padded positions are zero, the
    padding value, with the per-layer mixtures returned as a tuple."""

    def factory() -> Any:
        import torch
        from gaussian_adaptive_attention import GaussianBlock, MultiHeadGaussianAdaptiveAttention

        class Heads(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.attn = MultiHeadGaussianAdaptiveAttention(-1, 4, 3)

            def forward(self, x: torch.Tensor) -> Any:
                return self.attn(x, return_attention_details=True)

        class Block(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.block = GaussianBlock([1, -1], [2, 4], [2, 3], 2, padding_value=0.0)

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> Any:
                out, details = self.block(x * mask[..., None], return_attention_details=True)
                return out, tuple(details[k] for k in sorted(details))

        return Heads() if kind == "heads" else Block()

    return factory


def _contextual(kind: str) -> Any:
    """contextual-conv's context-modulated convolutions (a context of 4): 1-D over the feature
    sequence (32 to 16 channels, ReLU, FiLM scale and shift from an MLP of 8), with its
    context-weighted goodness; and 2-D over the image (8 to 16 channels, scale mode), with its
    analytic scores for every one-hot context and the raw features."""

    def factory() -> Any:
        import torch
        from contextual_conv import ContextualConv1d, ContextualConv2d

        class Conv1d(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.conv = ContextualConv1d(
                    32,
                    16,
                    3,
                    padding=1,
                    activation=torch.relu,
                    context_dim=4,
                    h_dim=8,
                    use_scale=True,
                    use_bias=True,
                )

            def forward(self, x: torch.Tensor, c: torch.Tensor) -> Any:
                x = x.transpose(1, 2)
                return self.conv(x, c), self.conv.weighted_goodness(x, c)

        class Conv2d(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.conv = ContextualConv2d(
                    8, 16, 3, padding=1, context_dim=4, use_scale=True, use_bias=False
                )

            def forward(self, x: torch.Tensor, c: torch.Tensor) -> Any:
                scores, feats = self.conv.infer_context(x, return_raw_output=True)
                return self.conv(x, c), scores, feats

        return Conv1d() if kind == "1d" else Conv2d()

    return factory


def _rcps() -> Any:
    """rcps-pytorch's reverse-complement parameter sharing over one-hot DNA: the package's
    example network (an input scan of 8 kernels, an RCPS layer of 16, RCPS batch norms, a
    second RCPS layer of 3, the output that adds the strands)."""

    def factory() -> Any:
        import torch
        from rcps import RCPS, RCPSBatchNorm, RCPSInput, RCPSOutput

        return torch.nn.Sequential(
            RCPSInput(out_kernels=8, kernel_size=3, padding="same"),
            RCPS(8, 16, 3, padding="same"),
            RCPSBatchNorm(16),
            RCPS(16, 3, 3, padding="same"),
            RCPSBatchNorm(3),
            RCPSOutput(),
        )

    return factory


def _nac(kind: str) -> Any:
    """torch-nac's neuronal attention circuits (32 features, four heads, top 4 pairs): NAC with
    NCP wirings in the exact mode over the whole sequence; NAC in the Euler mode with the
    key padding mask, returning its attention weights; the liquid attention network with the
    sparse top-k pairs and the mask; and the FLUID encoder-decoder (one layer each, a
    feed-forward of 64, dynamic hyper-connections)."""

    def factory() -> Any:
        import torch
        from torch_nac import FLUID, LAN, NAC

        class Masked(torch.nn.Module):
            def __init__(self, net: torch.nn.Module) -> None:
                super().__init__()
                self.net = net

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> Any:
                return self.net(x, mask=mask.float())

        class Plain(torch.nn.Module):
            def __init__(self, net: torch.nn.Module) -> None:
                super().__init__()
                self.net = net

            def forward(self, x: torch.Tensor, mask: torch.Tensor) -> Any:
                return self.net(x)

        if kind == "exact":
            return Plain(NAC(32, 4, topk=4, mode="exact", return_sequences=True))
        if kind == "euler":
            return Masked(
                NAC(
                    32,
                    4,
                    topk=4,
                    mode="euler",
                    euler_steps=3,
                    return_sequences=True,
                    return_attention=True,
                )
            )
        if kind == "lan":
            return Masked(LAN(32, 4, topk=4, return_sequences=True, return_attention=True))
        return Plain(FLUID(32, 4, 64, topk=4, num_layers=1, max_len=64))

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "floyd_pre": ("floydnet", _floyd("pre"), {}, "pairs"),
    "floyd_post": ("floydnet", _floyd("post"), {}, "pairs"),
    "slices_parallel": ("slices", _slices("parallel"), {}, "tokens"),
    "slices_recurrent": ("slices", _slices("recurrent"), {}, "features"),
    "slices_heads": ("slices", _slices("heads"), {}, "features"),
    "friction_step": ("torch_friction", _friction("step"), {}, "slip"),
    "friction_trajectory": ("torch_friction", _friction("trajectory"), {}, "velocities"),
    "legendre": ("torch_legendre", _legendre(), {}, "rows"),
    "spd_spectral": ("torchspd", _spd("spectral"), {}, "features"),
    "spd_powers": ("torchspd", _spd("powers"), {}, "features"),
    "spd_layers": ("spdlayers", _spd("layers"), {}, "rows"),
    "aft_full": ("aft_pt", _aft("full"), {}, "features"),
    "aft_simple": ("aft_pt", _aft("simple"), {}, "features"),
    "aft_local": ("aft_pt", _aft("local"), {}, "features"),
    "gaussian_heads": ("gaussian_adaptive_attention", _gaussian("heads"), {}, "features"),
    "gaussian_block": ("gaussian_adaptive_attention", _gaussian("block"), {}, "features_mask"),
    "ctx_conv1d": ("contextual_conv", _contextual("1d"), {}, "features_context"),
    "ctx_conv2d": ("contextual_conv", _contextual("2d"), {}, "image_context"),
    "rcps_dna": ("rcps", _rcps(), {}, "dna"),
    "nac_exact": ("torch_nac", _nac("exact"), {}, "features_mask"),
    "nac_euler": ("torch_nac", _nac("euler"), {}, "features_mask"),
    "nac_lan": ("torch_nac", _nac("lan"), {}, "features_mask"),
    "nac_fluid": ("torch_nac", _nac("fluid"), {}, "features_mask"),
}

# Package code that reads the mode (see the docstring).
TRAINING: tuple[str, ...] = ("floyd_pre",)

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    mask = torch.ones(batch, seq, dtype=torch.bool)
    mask[0, -2:] = False  # some padding, so mask handling runs
    if kind == "pairs":
        return {"x": torch.randn(batch, seq, seq, 32, generator=gen), "mask": mask}
    if kind == "features_context":
        return {
            "x": torch.randn(batch, seq, 32, generator=gen),
            "c": torch.randn(batch, 4, generator=gen),
        }
    if kind == "image_context":
        return {
            "x": torch.randn(batch, 8, seq, seq, generator=gen),
            "c": torch.randn(batch, 4, generator=gen),
        }
    if kind == "slip":
        return {
            "velocity": torch.rand(rows, generator=gen) * 1e-5 + 1e-7,
            "state": torch.rand(rows, generator=gen) * 1e3 + 10,
            "dt": torch.tensor(0.01),
        }
    if kind == "velocities":
        return {"velocity": torch.rand(batch, seq, generator=gen) * 1e-5 + 1e-7}
    if kind == "rows":
        return {"x": torch.randn(rows, 12, generator=gen)}
    if kind == "dna":
        bases = torch.randint(0, 4, (batch, 4 * seq), generator=gen)
        return {"input": torch.nn.functional.one_hot(bases, 4).transpose(1, 2).float()}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
