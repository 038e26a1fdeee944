"""The ``fresh12`` corpus: a fifteenth held-back set of packages, held back for a blind first
score.

Built like ``fresh11`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh11``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by eight authors or teams (none of them lucidrains):
Clifford-algebra convolutions, linear layers and normalisation for PDE surrogates
(cliffordlayers), E(3)-equivariant networks (e3nn), the power spherical distribution on the
hypersphere (power-spherical), Gaussian mixture models (pytorch-gmm), log-normal mixtures for
temporal point processes (pytorch-lognormal-mixture), ordinal regression (spacecutter-torch,
imported as ``spacecutter``), tree-structured CRFs for hierarchical labels (torch-treecrf) and
wavelet Kolmogorov-Arnold layers (torch-wavelet-kan).

Each model runs as ``NAME.eval``, and the models named in ``TRAINING`` in train too: their
package code runs otherwise in training (cliffordlayers' batch normalisation uses the batch's
statistics and moves its running ones; e3nn's batch normalisation likewise, also inside the
gated network of this file).
The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring another
torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``fields2d`` (x: batch × 2 × seq × seq × 3, a scalar and a vector field per
channel), ``multivectors3d`` (x: batch × 2 × seq/2 × seq/2 × seq/2 × 8), ``multivectors`` (x:
batch·seq × 4 × 4 blades), ``multivector_seq`` (x: batch × 4 × seq × 4 blades), ``vectors`` (x:
batch·seq × 3), ``irreps`` (features: batch·seq × 10, four scalars and two vectors),
``irreps_input`` (the same, named input), ``irreps_pair`` (x: the same, y: batch·seq × 4, a
scalar and a vector), ``directions`` (x: batch·seq × 8, target: batch·seq × 3 unit vectors),
``event_times`` (history: batch × seq × 8, inter_times: batch × seq, positive), ``points4``
(x: batch·seq × 4), ``rows8_input`` (input: batch·seq × 8), ``ordinal_probs`` (y_pred: batch·seq × 5
class probabilities, y_true: batch·seq × 1 classes), ``emissions`` (X: batch·seq × 3 × 5),
``rows8_X`` (X: batch·seq × 8).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "cliffordlayers": "cliffordlayers",
    "e3nn": "e3nn",
    "power_spherical": "power-spherical",
    "pytorch_gmm": "pytorch-gmm",
    "pytorch_lognormal_mixture": "pytorch-lognormal-mixture",
    "spacecutter": "spacecutter-torch",
    "torch_treecrf": "torch-treecrf",
    "torch_wavelet_kan": "torch-wavelet-kan",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _clifford(kind: str) -> Any:
    """cliffordlayers' modules: its 2-D ResNet and Fourier networks over a (1, 1) signature
    (group-normalised basic blocks; Fourier blocks of 2 × 2 modes), a 3-D convolution, a linear
    layer and batch normalisation over multivectors."""

    def factory() -> Any:
        import torch.nn.functional as F
        from cliffordlayers.models.models_2d import (
            CliffordBasicBlock2d,
            CliffordFourierBasicBlock2d,
            CliffordNet2d,
        )
        from cliffordlayers.nn.modules.batchnorm import CliffordBatchNorm1d
        from cliffordlayers.nn.modules.cliffordconv import CliffordConv3d
        from cliffordlayers.nn.modules.cliffordlinear import CliffordLinear

        if kind == "resnet":
            return CliffordNet2d(
                g=[1, 1],
                block=CliffordBasicBlock2d,
                num_blocks=[1, 1],
                in_channels=2,
                out_channels=1,
                hidden_channels=4,
                activation=F.gelu,
                rotation=False,
                norm=True,
                num_groups=2,
            )
        if kind == "rotation":
            return CliffordNet2d(
                g=[-1, -1],
                block=CliffordBasicBlock2d,
                num_blocks=[1],
                in_channels=2,
                out_channels=2,
                hidden_channels=4,
                activation=F.gelu,
                rotation=True,
            )
        if kind == "fourier":
            return CliffordNet2d(
                g=[1, 1],
                block=_fourier_block(CliffordFourierBasicBlock2d),
                num_blocks=[1],
                in_channels=2,
                out_channels=1,
                hidden_channels=4,
                activation=F.gelu,
                rotation=False,
            )
        if kind == "conv3d":
            return CliffordConv3d([1, 1, 1], 2, 3, kernel_size=3, padding=1)
        if kind == "linear":
            return CliffordLinear([1, 1], 4, 6)
        return CliffordBatchNorm1d([-1, -1], 4)

    return factory


def _fourier_block(block: Any) -> Any:
    """The Fourier basic block with 2 × 2 modes (the network passes no mode counts)."""

    def make(*args: Any, **kwargs: Any) -> Any:
        return block(*args, modes1=2, modes2=2, **kwargs)

    return make


def _e3nn(kind: str) -> Any:
    """e3nn's modules: spherical harmonics of vectors (up to l = 2), a fully connected tensor
    product of features with a scalar and a vector, batch normalisation of irreps, and a gated
    network of this file (linear, gate, batch norm, linear) over four scalars and two vectors."""

    def factory() -> Any:
        import torch
        from e3nn import nn as enn
        from e3nn import o3

        irreps = o3.Irreps("4x0e + 2x1o")
        if kind == "harmonics":
            return o3.SphericalHarmonics("0e + 1o + 2e", normalize=True, normalization="component")
        if kind == "tensor_product":
            return o3.FullyConnectedTensorProduct(irreps, "0e + 1o", "4x0e + 2x1o + 1x2e")
        if kind == "batchnorm":
            return enn.BatchNorm(irreps)

        class GatedNet(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.gate = enn.Gate("4x0e", [torch.tanh], "2x0e", [torch.sigmoid], "2x1o")
                self.lin_in = o3.Linear(irreps, self.gate.irreps_in)
                self.norm = enn.BatchNorm(self.gate.irreps_out)
                self.lin_out = o3.Linear(self.gate.irreps_out, "2x0e + 1x1o")

            def forward(self, features: torch.Tensor) -> torch.Tensor:
                return self.lin_out(self.norm(self.gate(self.lin_in(features))))

        return GatedNet()

    return factory


def _power_spherical(sample: bool) -> Any:
    """power-spherical's distribution behind a module of this file: directions and
    concentrations from a linear layer; the log-density of unit targets, the entropy and the KL
    divergence to the uniform distribution on the sphere, or a reparameterised sample."""

    def factory() -> Any:
        import torch
        from power_spherical import HypersphericalUniform, PowerSpherical

        class DirectionHead(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.proj = torch.nn.Linear(8, 4)

            def forward(self, x: torch.Tensor, target: torch.Tensor) -> Any:
                out = self.proj(x)
                loc = torch.nn.functional.normalize(out[:, :3], dim=-1)
                scale = torch.nn.functional.softplus(out[:, 3]) + 1.0
                dist = PowerSpherical(loc, scale)
                if sample:
                    return dist.rsample()
                uniform = HypersphericalUniform(3, dtype=x.dtype)
                kl = torch.distributions.kl_divergence(dist, uniform)
                return dist.log_prob(target), dist.entropy(), kl

        return DirectionHead()

    return factory


def _lognormal_mixture() -> Any:
    """pytorch-lognormal-mixture's distribution behind a module of this file: three log-normal
    components per event from a linear layer over the history, the inter-event times' log
    density, log CDF and log survival, the mixture's mean, and the last event's log survival
    (the distribution sliced)."""
    import torch
    from pytorch_lognormal_mixture import LogNormalMixtureDistribution

    class InterTimeHead(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.proj = torch.nn.Linear(8, 9)

        def forward(self, history: torch.Tensor, inter_times: torch.Tensor) -> Any:
            locs, log_scales, log_weights = self.proj(history).chunk(3, dim=-1)
            dist = LogNormalMixtureDistribution(
                locs, log_scales, torch.log_softmax(log_weights, dim=-1), -0.5, 1.5
            )
            last = dist[:, -1]
            return (
                dist.log_prob(inter_times),
                dist.log_cdf(inter_times),
                dist.log_survival_function(inter_times),
                dist.mean,
                last.log_survival_function(inter_times[:, -1]),
            )

    return InterTimeHead()


def _gmm(kind: str) -> Any:
    """pytorch-gmm's mixture (a plain class) behind a module of this file, fitted at build on a
    seeded sample of four features (two components, five EM iterations): the log-likelihood of
    each point per component, diagonal, full or block-diagonal; and one EM step from those
    parameters (a new mixture, updated in place)."""

    def factory() -> Any:
        import torch
        from pytorch_gmm import GMM

        gen = torch.Generator().manual_seed(12)
        sample = torch.randn(64, 4, generator=gen) * torch.tensor([1.0, 2.0, 0.5, 1.5])
        sample[:32] += 2.0
        covariance = "full" if kind == "full" else kind
        gmm, _ = GMM.init_and_train(
            sample,
            2,
            diag=covariance != "full",
            block_diag=covariance == "block",
            n_iter=5,
            last_n_iter=5,
        )

        class Mixture(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.gmm = gmm

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.gmm(x)

        class EmStep(Mixture):
            def forward(self, x: torch.Tensor) -> Any:
                step = GMM(self.gmm.w.clone(), self.gmm.mu.clone(), self.gmm.sigma.clone())
                llh = step._em_(x)
                return llh, step.w, step.mu, step.sigma

        return EmStep() if kind == "em" else Mixture()

    return factory


def _ordinal(kind: str) -> Any:
    """spacecutter's ordinal regression: its (deprecated) wrapper model around a linear predictor
    of this file, with five ordered classes; and its cumulative link loss (class weights, per
    element)."""

    def factory() -> Any:
        import torch
        from spacecutter.losses import CumulativeLinkLoss
        from spacecutter.models import OrdinalLogisticModel

        if kind == "loss":
            return CumulativeLinkLoss(
                reduction="none", class_weights=torch.tensor([1.0, 0.5, 2.0, 1.0, 0.8])
            )
        return OrdinalLogisticModel(torch.nn.Linear(8, 1), 5)

    return factory


def _tree_crf(kind: str) -> Any:
    """torch-treecrf's tree-structured CRF over a hierarchy of five labels (a root, two children,
    two grandchildren): the binary model with its linear emissions, and the layer alone with
    three classes a label."""

    def factory() -> Any:
        import torch
        from torch_treecrf import TreeCRF, TreeCRFLayer

        adjacency = torch.zeros(5, 5)
        for child, parent in ((1, 0), (2, 0), (3, 1), (4, 1)):
            adjacency[child, parent] = 1
        if kind == "model":
            return TreeCRF(8, adjacency)
        return TreeCRFLayer(adjacency, n_classes=3)

    return factory


def _wavelet_kan() -> Any:
    """torch-wavelet-kan's layers (Morlet wavelets) stacked 8 → 6 → 2."""
    import torch
    from torch_wavelet_kan import WaveletKANLayer

    return torch.nn.Sequential(WaveletKANLayer(8, 6, num_wavelets=4), WaveletKANLayer(6, 2))


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "clifford_resnet2d": ("cliffordlayers", _clifford("resnet"), {}, "fields2d"),
    "clifford_rotation2d": ("cliffordlayers", _clifford("rotation"), {}, "fields2d"),
    "clifford_fourier2d": ("cliffordlayers", _clifford("fourier"), {}, "fields2d"),
    "clifford_conv3d": ("cliffordlayers", _clifford("conv3d"), {}, "multivectors3d"),
    "clifford_linear": ("cliffordlayers", _clifford("linear"), {}, "multivectors"),
    "clifford_batchnorm": ("cliffordlayers", _clifford("batchnorm"), {}, "multivector_seq"),
    "e3nn_harmonics": ("e3nn", _e3nn("harmonics"), {}, "vectors"),
    "e3nn_tensor_product": ("e3nn", _e3nn("tensor_product"), {}, "irreps_pair"),
    "e3nn_batchnorm": ("e3nn", _e3nn("batchnorm"), {}, "irreps_input"),
    "e3nn_gated": ("e3nn", _e3nn("gated"), {}, "irreps"),
    "power_spherical": ("power_spherical", _power_spherical(False), {}, "directions"),
    "power_spherical_sample": ("power_spherical", _power_spherical(True), {}, "directions"),
    "lognormal_mixture": ("pytorch_lognormal_mixture", _lognormal_mixture, {}, "event_times"),
    "gmm_diag": ("pytorch_gmm", _gmm("diag"), {}, "points4"),
    "gmm_full": ("pytorch_gmm", _gmm("full"), {}, "points4"),
    "gmm_block": ("pytorch_gmm", _gmm("block"), {}, "points4"),
    "gmm_em_step": ("pytorch_gmm", _gmm("em"), {}, "points4"),
    "ordinal_model": ("spacecutter", _ordinal("model"), {}, "rows8_input"),
    "ordinal_loss": ("spacecutter", _ordinal("loss"), {}, "ordinal_probs"),
    "tree_crf": ("torch_treecrf", _tree_crf("model"), {}, "rows8_X"),
    "tree_crf_layer": ("torch_treecrf", _tree_crf("layer"), {}, "emissions"),
    "wavelet_kan": ("torch_wavelet_kan", _wavelet_kan, {}, "rows8_input"),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = (
    "clifford_batchnorm",
    "e3nn_batchnorm",
    "e3nn_gated",
)

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "fields2d":
        return {"x": torch.randn(batch, 2, seq, seq, 3, generator=gen)}
    if kind == "multivectors3d":
        side = seq // 2
        return {"x": torch.randn(batch, 2, side, side, side, 8, generator=gen)}
    if kind == "multivectors":
        return {"x": torch.randn(rows, 4, 4, generator=gen)}
    if kind == "multivector_seq":
        return {"x": torch.randn(batch, 4, seq, 4, generator=gen)}
    if kind == "vectors":
        return {"x": torch.randn(rows, 3, generator=gen)}
    if kind in ("irreps", "irreps_input"):
        features = torch.randn(rows, 10, generator=gen)
        return {"features" if kind == "irreps" else "input": features}
    if kind == "irreps_pair":
        return {"x": torch.randn(rows, 10, generator=gen), "y": torch.randn(rows, 4, generator=gen)}
    if kind == "directions":
        target = torch.nn.functional.normalize(torch.randn(rows, 3, generator=gen), dim=-1)
        return {"x": torch.randn(rows, 8, generator=gen), "target": target}
    if kind == "event_times":
        return {
            "history": torch.randn(batch, seq, 8, generator=gen),
            "inter_times": torch.rand(batch, seq, generator=gen) * 3.0 + 0.05,
        }
    if kind == "points4":
        x = torch.randn(rows, 4, generator=gen) * torch.tensor([1.0, 2.0, 0.5, 1.5])
        x[: rows // 2] += 2.0
        return {"x": x}
    if kind == "rows8_input":
        return {"input": torch.randn(rows, 8, generator=gen)}
    if kind == "rows8_X":
        return {"X": torch.randn(rows, 8, generator=gen)}
    if kind == "ordinal_probs":
        return {
            "y_pred": torch.softmax(torch.randn(rows, 5, generator=gen), dim=-1),
            "y_true": torch.randint(0, 5, (rows, 1), generator=gen),
        }
    if kind == "emissions":
        return {"X": torch.randn(rows, 3, 5, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
