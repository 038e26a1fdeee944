"""The ``fresh17`` corpus: a twentieth held-back set of packages, held back for a blind first
score.

Built like ``fresh16`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh16``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by eight authors or teams (one of them lucidrains):
click-through-rate recommenders with attention over a user's history and interest-evolution
GRUs (prediction-flow: DNN, DeepFM, Wide & Deep, DIN, DIEN), Gaussian processes with lazily
evaluated kernel operators (gpytorch with its linear-operator: exact posterior prediction,
variational inducing-point models and their ELBO; and linear-operator's structured operators
used directly), hyperbolic graph networks on the Poincaré
ball and the hyperboloid (torch-hyperbolic, message passing through torch_geometric, pinned for
an earlier corpus), rank-consistent ordinal regression heads and losses (coral-pytorch by one
team, condor-pytorch by another), the zoomed FFT and chirp Z-transform (minimal-zoom-fft),
dilated convolutions with learnable spacings whose kernels are built by interpolation in
forward (dcls) and natively sparse attention with compressed, selected and sliding-window
branches (native-sparse-attention-pytorch, typed with jaxtyping). Tried and left out:
cqt-nsgt-pytorch (its window set-up clips an integer array to ``np.inf`` in place, which
numpy 2 refuses), torch-specinv (calls ``torch.irfft``, gone from torch), nnAudio, geoopt,
torchdiffeq / torchcde and pytorch-metric-learning (scipy at import), piq and piqa
(torchvision at import), prediction-flow's feature classes (scikit-learn at import: the
models are built from stand-ins below).

Each model runs as ``NAME.eval``; the models in ``TRAINING`` also run as ``NAME.train``: those
whose package code reads the mode (torch-hyperbolic's linear layer drops weights and its
attention drops coefficients with ``self.training``; gpytorch's variational strategy clears its
cache and its ELBO path differs in training). The pins are in setup_env.sh (installed with
``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``features``
is x: batch × seq × 32, ``tokens`` is x: batch × seq token ids, ``image_chw`` is x: batch × 8 ×
seq × seq), plus the input kinds below: ``ctr_batch`` (x: a dict of two numeric features
(batch), three categorical ids (batch) and four id histories (batch × 8, zero past their
lengths of 1 to seq / 2) with their lengths (batch, ``__NAME_length``)), ``gp_points`` (x:
batch·seq × 3 test points), ``gp_targets`` (x: batch·seq × 3 points, y: batch·seq targets),
``kron_rhs`` (x: 8 × seq right-hand sides), ``graph`` (x: batch·seq nodes × 8 features, adj:
2 × edges of a ring with chords, both ways), ``ordinal`` (x: batch·seq × 6, y: batch·seq
labels in 0..4) and ``signals`` (x: batch × 4·seq samples); ``features`` again as
``nsa_features`` (inp: batch × seq × 32) for the sparse attention.
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "condor_pytorch": "condor-pytorch",
    "coral_pytorch": "coral-pytorch",
    "DCLS": "dcls",
    "gpytorch": "gpytorch",
    "linear_operator": "linear-operator",
    "minimal_zoom_fft": "minimal-zoom-fft",
    "native_sparse_attention_pytorch": "native-sparse-attention-pytorch",
    "prediction_flow": "prediction-flow",
    "torch_hyperbolic": "torch-hyperbolic",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")

# Vocabulary sizes of the CTR inputs (ids drawn below them; 0 is padding).
_VOCAB = {"userId": 20, "movieId": 30, "topGenre": 8}
_HISTORIES = {
    "clickedMovieIds": "movieId",
    "clickedMovieTopGenres": "topGenre",
    "noClickedMovieIds": "movieId",
    "noClickedMovieTopGenres": "topGenre",
}
_HISTORY_LEN = 8  # the padded length of every history (seq / 2 is at most 8 here)


class _Feature:
    """What prediction-flow's models read of a feature (its name, embedding name and size, and
    vocabulary size), standing in for prediction_flow.features.Number / Category / Sequence:
    that module imports the package's column transformers, which import scikit-learn (not in
    the corpus environment); the features' classes hold these attributes and no more when
    built without a column flow, as here."""

    def __init__(self, name: str, vocab_size: int = 0, embedding_name: str = "") -> None:
        self.name = name
        self.embedding_name = embedding_name or name
        self.embedding_size = None
        self.column_flow = None
        self._vocab_size = vocab_size

    def dimension(self) -> int:
        return self._vocab_size

    def max_length(self) -> int:
        return _HISTORY_LEN


class _Features:
    """prediction_flow.features.Features's three lists (the model code reads only those)."""

    def __init__(self, number_features: list, category_features: list, sequence_features: list):
        self.number_features = number_features
        self.category_features = category_features
        self.sequence_features = sequence_features


def _ctr(kind: str) -> Any:
    """prediction-flow's click-through-rate models over the features of ``ctr_batch``
    (embeddings of size 4, hidden layers 16 and 8, a sigmoid output): the deep network with
    max-pooled histories; DeepFM (linear, factorisation-machine and deep parts); Wide & Deep
    with a cross of the ad and its history; DIN (attention of the ad over the clicked
    histories, cut at their lengths); DIEN with an attention-updated GRU (AUGRU); and DIEN with
    an attentional GRU (AGRU) and negative sampling (the auxiliary loss over the not-clicked
    histories)."""

    def factory() -> Any:
        from prediction_flow.pytorch import DIEN, DIN, DNN, AttentionGroup, DeepFM, WideDeep

        histories = list(_HISTORIES) if kind == "dien_neg" else list(_HISTORIES)[:2]
        features = _Features(
            number_features=[_Feature("userAge"), _Feature("rating")],
            category_features=[_Feature(name, size) for name, size in _VOCAB.items()],
            sequence_features=[
                _Feature(name, _VOCAB[_HISTORIES[name]], _HISTORIES[name]) for name in histories
            ],
        )
        common = {
            "num_classes": 2,
            "embedding_size": 4,
            "hidden_layers": (16, 8),
            "final_activation": "sigmoid",
        }
        if kind == "dnn":
            return DNN(features, dropout=0.2, **common)
        if kind == "deepfm":
            return DeepFM(features, dropout=0.2, **common)
        if kind == "wide_deep":
            return WideDeep(
                features,
                wide_features=["rating", "clickedMovieTopGenres"],
                deep_features=["userAge", "rating", "userId", "movieId", "topGenre"],
                cross_features=[("movieId", "clickedMovieIds"), ("topGenre", "topGenre")],
                **common,
            )
        pairs = [
            {"ad": "movieId", "pos_hist": "clickedMovieIds"},
            {"ad": "topGenre", "pos_hist": "clickedMovieTopGenres"},
        ]
        if kind == "dien_neg":
            pairs[0]["neg_hist"] = "noClickedMovieIds"
            pairs[1]["neg_hist"] = "noClickedMovieTopGenres"
        group = AttentionGroup(name="group1", pairs=pairs, hidden_layers=[8, 4])
        if kind == "din":
            return DIN(features, attention_groups=[group], **common)
        group.gru_type = "AUGRU" if kind == "dien_augru" else "AGRU"
        return DIEN(
            features, attention_groups=[group], use_negsampling=kind == "dien_neg", **common
        )

    return factory


def _gp(kind: str) -> Any:
    """gpytorch's Gaussian processes behind a module of this file: an exact GP (constant mean,
    scaled RBF kernel) conditioned on twelve fixed training points, its posterior mean and
    variance at the test points through the Gaussian likelihood; an exact GP with an additive
    kernel (periodic + Matérn 5/2 on dimension 0 + linear) and its posterior confidence
    region; a variational GP (eight learned inducing points, Cholesky variational
    distribution) with its predictive mean and the negative variational ELBO of the targets;
    and the same model unwhitened with a mean-field distribution, the predictive variance and
    samples of the latent function."""

    def factory() -> Any:
        import gpytorch
        import torch

        gen = torch.Generator().manual_seed(7)
        train_x = torch.rand(12, 3, generator=gen) * 2 - 1
        train_y = torch.sin(3 * train_x[:, 0]) + 0.1 * torch.randn(12, generator=gen)

        class Exact(gpytorch.models.ExactGP):
            def __init__(self, likelihood: Any) -> None:
                super().__init__(train_x, train_y, likelihood)
                self.mean_module = gpytorch.means.ConstantMean()
                if kind == "exact_additive":
                    self.covar_module = (
                        gpytorch.kernels.ScaleKernel(gpytorch.kernels.PeriodicKernel())
                        + gpytorch.kernels.MaternKernel(nu=2.5, active_dims=(0,))
                        + gpytorch.kernels.LinearKernel()
                    )
                else:
                    self.covar_module = gpytorch.kernels.ScaleKernel(
                        gpytorch.kernels.RBFKernel(ard_num_dims=3)
                    )

            def forward(self, x: torch.Tensor) -> Any:
                return gpytorch.distributions.MultivariateNormal(
                    self.mean_module(x), self.covar_module(x)
                )

        class Variational(gpytorch.models.ApproximateGP):
            def __init__(self) -> None:
                inducing = torch.linspace(-1, 1, 24).reshape(8, 3)
                if kind == "variational":
                    distribution = gpytorch.variational.CholeskyVariationalDistribution(8)
                    strategy = gpytorch.variational.VariationalStrategy(
                        self, inducing, distribution, learn_inducing_locations=True
                    )
                else:
                    distribution = gpytorch.variational.MeanFieldVariationalDistribution(8)
                    strategy = gpytorch.variational.UnwhitenedVariationalStrategy(
                        self, inducing, distribution, learn_inducing_locations=True
                    )
                super().__init__(strategy)
                self.mean_module = gpytorch.means.ZeroMean()
                self.covar_module = gpytorch.kernels.ScaleKernel(
                    gpytorch.kernels.MaternKernel(nu=1.5)
                )

            def forward(self, x: torch.Tensor) -> Any:
                return gpytorch.distributions.MultivariateNormal(
                    self.mean_module(x), self.covar_module(x)
                )

        class Head(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.likelihood = gpytorch.likelihoods.GaussianLikelihood()
                if kind.startswith("exact"):
                    self.gp = Exact(self.likelihood)
                else:
                    self.gp = Variational()
                    self.elbo = gpytorch.mlls.VariationalELBO(self.likelihood, self.gp, 48)

            def forward(self, x: torch.Tensor, y: Any = None) -> Any:
                if kind == "exact_rbf":
                    predictive = self.likelihood(self.gp(x))
                    return predictive.mean, predictive.variance
                if kind == "exact_additive":
                    lower, upper = self.likelihood(self.gp(x)).confidence_region()
                    return lower, upper
                latent = self.gp(x)
                if kind == "variational":
                    return self.likelihood(latent).mean, -self.elbo(latent, y)
                return latent.variance, latent.rsample(torch.Size([2]))

        return Head()

    return factory


def _linop(kind: str) -> Any:
    """linear-operator's structured operators directly (what gpytorch's kernels build):
    a Kronecker product of two learned positive-definite factors (4 × 4 and 2 × 2), its solve
    against the right-hand sides and its inverse quadratic form with the log-determinant; and a
    low-rank root (the points through a learned 3 × 3 map) plus a learned diagonal, its solve
    of the targets, the inverse quadratic form and log-determinant, and its diagonal."""

    def factory() -> Any:
        import torch
        from linear_operator.operators import (
            DenseLinearOperator,
            DiagLinearOperator,
            KroneckerProductLinearOperator,
            RootLinearOperator,
        )

        class Operator(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.a = torch.nn.Parameter(torch.randn(4, 4))
                self.b = torch.nn.Parameter(torch.randn(2, 2))
                self.w = torch.nn.Parameter(torch.randn(3, 3))
                self.noise = torch.nn.Parameter(torch.zeros(1))

        # One class per kind, each forward without a test of the kind (TorchScript takes no
        # closed-over string), so every back-end reaches the package's code.
        class Kronecker(Operator):
            def forward(self, x: torch.Tensor) -> Any:
                a = DenseLinearOperator(self.a @ self.a.T + torch.eye(4))
                b = DenseLinearOperator(self.b @ self.b.T + torch.eye(2))
                op = KroneckerProductLinearOperator(a, b)
                inv_quad, logdet = op.inv_quad_logdet(x, logdet=True)
                return op.solve(x), inv_quad, logdet

        class LowRank(Operator):
            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                noise = torch.nn.functional.softplus(self.noise) + 0.1
                op = RootLinearOperator(x @ self.w) + DiagLinearOperator(noise.expand(x.shape[0]))
                inv_quad, logdet = op.inv_quad_logdet(y.unsqueeze(-1), logdet=True)
                return op.solve(y.unsqueeze(-1)), inv_quad, logdet, op.diagonal()

        return Kronecker() if kind == "kronecker" else LowRank()

    return factory


def _ring(nodes: int) -> Any:
    """A ring over the nodes with chords to the node three ahead (both directions)."""
    import torch

    src = torch.arange(nodes)
    ring = torch.stack([src, (src + 1) % nodes])
    chords = torch.stack([src, (src + 3) % nodes])
    edges = torch.cat([ring, chords], dim=1)
    return torch.cat([edges, edges.flip(0)], dim=1)


def _hyperbolic(kind: str) -> Any:
    """torch-hyperbolic's graph networks on 8 node features: its example HGNN (encoder,
    hyperbolic linear layer, two hyperbolic graph convolutions, decoder) on the Poincaré ball
    with dropout, and on the hyperboloid; a hyperbolic graph attention layer (one head; with
    two, its tangent-space attention does not broadcast) between a Poincaré encoder and
    decoder, with dropout; and a hyperboloid graph convolution with attention-weighted local
    aggregation (the HGNN cannot pass it options: it unpacks them with ``*`` for its second
    layer) and a hyperbolic activation, scoring each edge by its squared hyperbolic distance
    (a Fermi-Dirac link decoder)."""

    def factory() -> Any:
        import torch
        import torch_hyperbolic.nn as hypnn
        from torch_hyperbolic.models.hgnn import HGNN

        if kind == "poincare":
            return HGNN(8, 4, 16, manifold="PoincareBall", dropout=0.1)
        if kind == "hyperboloid":
            return HGNN(8, 4, 16, manifold="Hyperboloid")

        class Layer(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.c = torch.nn.Parameter(torch.tensor([1.0]))
                if kind == "attention":
                    self.encoder = hypnn.HyperbolicEncoder(curvature=self.c)
                    self.conv = hypnn.HGATConv(8, 6, c=self.c, heads=1, dropout=0.1)
                    self.decoder = hypnn.HyperbolicDecoder(curvature=self.c)
                else:
                    self.encoder = hypnn.HyperbolicEncoder("Hyperboloid", curvature=self.c)
                    self.conv = hypnn.HGCNConv(
                        9, 9, c=self.c, manifold="Hyperboloid", use_att=True, local_agg=True
                    )
                    self.act = hypnn.HypAct(
                        torch.nn.ReLU(), c_in=self.c, c_out=self.c, manifold="Hyperboloid"
                    )

            def forward(self, x: torch.Tensor, adj: torch.Tensor) -> Any:
                if kind == "attention":
                    return self.decoder(self.conv(self.encoder(x), adj))
                h = self.act(self.conv(self.encoder(x), adj))
                distance = self.conv.manifold.sqdist(h[adj[0]], h[adj[1]], self.c)
                return h, torch.sigmoid(2.0 - distance)

        return Layer()

    return factory


def _ordinal(kind: str) -> Any:
    """Ordinal regression heads over 6 features, five ranks: coral-pytorch's CORAL layer with
    its loss over the label levels (built from the batch of labels) and the predicted ranks;
    its CORN head (a linear layer) with the conditional loss and ranks; and condor-pytorch's
    head with its negative log-likelihood, the ordinal cross-entropy, the ordinal softmax and
    the earth mover's distance."""

    def factory() -> Any:
        import torch
        from condor_pytorch.activations import ordinal_softmax
        from condor_pytorch.dataset import levels_from_labelbatch as condor_levels
        from condor_pytorch.dataset import logits_to_label
        from condor_pytorch.losses import CondorOrdinalCrossEntropy, condor_negloglikeloss
        from condor_pytorch.metrics import earth_movers_distance
        from coral_pytorch.dataset import (
            corn_label_from_logits,
            levels_from_labelbatch,
            proba_to_label,
        )
        from coral_pytorch.layers import CoralLayer
        from coral_pytorch.losses import CoralLoss, CornLoss

        class Head(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.body = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU())
                self.out = CoralLayer(16, 5) if kind == "coral" else torch.nn.Linear(16, 4)
                if kind == "coral":
                    self.coral = CoralLoss()
                if kind == "corn":
                    self.corn = CornLoss(5)

        # One class per kind, each forward without a test of the kind (TorchScript takes no
        # closed-over string), so every back-end reaches the package's code.
        class Coral(Head):
            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                logits = self.out(self.body(x))
                levels = levels_from_labelbatch(y, num_classes=5)
                return self.coral(logits, levels), proba_to_label(torch.sigmoid(logits))

        class Corn(Head):
            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                logits = self.out(self.body(x))
                return self.corn(logits, y), corn_label_from_logits(logits)

        class Condor(Head):
            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                logits = self.out(self.body(x))
                levels = condor_levels(y, num_classes=5)
                return (
                    condor_negloglikeloss(logits, levels),
                    CondorOrdinalCrossEntropy(logits, levels),
                    ordinal_softmax(logits),
                    earth_movers_distance(logits, levels),
                    logits_to_label(logits),
                )

        return {"coral": Coral, "corn": Corn, "condor": Condor}[kind]()

    return factory


def _zoom(kind: str) -> Any:
    """minimal-zoom-fft's transforms of a learned filtering of the signal (a 1-D convolution
    of this file): the zoomed spectrum on a band around a quarter of the sampling rate
    (centred) and its inverse back onto the band; the chirp Z-transform on a spiral (given
    phase step and start) and the plain O(N·M) one; and the zoomed 2-D spectrum of the
    signals reshaped to 4 × seq."""

    def factory() -> Any:
        import math

        import torch
        from minimal_zoom_fft import czt, czt_plain, zoom_fft, zoom_ifft

        low, high = 0.3 * math.pi, 0.7 * math.pi

        class Spectrum(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.filter = torch.nn.Conv1d(1, 1, 5, padding=2)

        # One class per kind, each forward without a test of the kind (TorchScript takes no
        # closed-over string), so every back-end reaches the package's code.
        class Band(Spectrum):
            def forward(self, x: torch.Tensor) -> Any:
                x = self.filter(x.unsqueeze(1)).squeeze(1)
                band = zoom_fft(x, 24, k_start=low, k_end=high, center=True)
                return band, zoom_ifft(band, x.shape[-1], k_start=low, k_end=high)

        class Chirp(Spectrum):
            def forward(self, x: torch.Tensor) -> Any:
                x = self.filter(x.unsqueeze(1)).squeeze(1)
                spiral = czt(x, 20, w_phase=-0.05, a_phase=0.4)
                return spiral, czt_plain(x, 20, w_phase=-0.05, a_phase=0.4)

        class Image(Spectrum):
            def forward(self, x: torch.Tensor) -> Any:
                x = self.filter(x.unsqueeze(1)).squeeze(1)
                image = x.reshape(x.shape[0], 4, -1)
                return zoom_fft(image, (6, 10), k_start=(0.0, 0.5), k_end=(1.0, 2.5), dim=(1, 2))

        return {"band": Band, "chirp": Chirp, "2d": Image}[kind]()

    return factory


def _dcls(kind: str) -> Any:
    """dcls's convolutions with learnable spacings (kernels built in forward by interpolating
    learned weights at learned positions, implicit GEMM off): 2-D with Gaussian interpolation
    (four taps in a 7 × 7 span), 2-D bilinear (``v1``) with stride 2 and groups, 1-D with the
    "max" interpolation over the features' sequence (time on the last axis), and 3-D Gaussian
    over a stack of the image."""

    def factory() -> Any:
        import torch
        from DCLS.construct.modules import Dcls1d, Dcls2d, Dcls3d

        class Conv(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                if kind == "gauss2d":
                    self.conv = Dcls2d(
                        8, 8, 4, padding=3, dilated_kernel_size=7, use_implicit_gemm=False
                    )
                elif kind == "lin2d":
                    self.conv = Dcls2d(
                        8,
                        8,
                        3,
                        stride=2,
                        padding=2,
                        dilated_kernel_size=5,
                        groups=2,
                        version="v1",
                        use_implicit_gemm=False,
                    )
                elif kind == "max1d":
                    self.conv = Dcls1d(32, 16, 3, padding=2, dilated_kernel_size=5, version="max")
                else:
                    self.conv = Dcls3d(8, 4, 3, padding=1, dilated_kernel_size=3)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                if kind == "max1d":
                    return self.conv(x.transpose(1, 2))
                if kind == "gauss3d":
                    return self.conv(torch.stack([x, x.flip(-1)], dim=2))
                return self.conv(x)

        return Conv()

    return factory


def _nsa(kind: str) -> Any:
    """native-sparse-attention-pytorch's natively sparse attention (compressed blocks, top-n
    selected blocks, a sliding window, combined by a learned gate) on 32 features: non-causal
    with 2 heads; causal with grouped key/value heads (4 query heads, 2 kv heads, each query
    head selecting its own blocks) and an MLP compressing the blocks; and its transformer
    language model (two layers, sparse attention) returning the loss on the tokens."""

    def factory() -> Any:
        from native_sparse_attention_pytorch import SparseAttention
        from native_sparse_attention_pytorch.transformer import Transformer

        sparse = {
            "sliding_window_size": 2,
            "compress_block_size": 4,
            "compress_block_sliding_stride": 2,
            "selection_block_size": 4,
            "num_selected_blocks": 2,
        }
        if kind == "attend":
            return SparseAttention(dim=32, dim_head=8, heads=2, **sparse)
        if kind == "causal":
            return SparseAttention(
                dim=32,
                dim_head=8,
                heads=4,
                kv_heads=2,
                causal=True,
                query_heads_share_selected_kv=False,
                compress_mlp_expand_factor=2.0,
                **sparse,
            )
        import torch

        class LanguageModel(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.lm = Transformer(
                    num_tokens=100,
                    dim=32,
                    depth=2,
                    dim_head=8,
                    heads=2,
                    use_sparse_attn=True,
                    sparse_attn_kwargs=sparse,
                )

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.lm(x, return_loss=True)

        return LanguageModel()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "ctr_dnn": ("prediction_flow", _ctr("dnn"), {}, "ctr_batch"),
    "ctr_deepfm": ("prediction_flow", _ctr("deepfm"), {}, "ctr_batch"),
    "ctr_wide_deep": ("prediction_flow", _ctr("wide_deep"), {}, "ctr_batch"),
    "ctr_din": ("prediction_flow", _ctr("din"), {}, "ctr_batch"),
    "ctr_dien_augru": ("prediction_flow", _ctr("dien_augru"), {}, "ctr_batch"),
    "ctr_dien_neg": ("prediction_flow", _ctr("dien_neg"), {}, "ctr_batch"),
    "gp_exact_rbf": ("gpytorch", _gp("exact_rbf"), {}, "gp_points"),
    "gp_exact_additive": ("gpytorch", _gp("exact_additive"), {}, "gp_points"),
    "gp_variational": ("gpytorch", _gp("variational"), {}, "gp_targets"),
    "gp_unwhitened": ("gpytorch", _gp("unwhitened"), {}, "gp_points"),
    "linop_kronecker": ("linear_operator", _linop("kronecker"), {}, "kron_rhs"),
    "linop_low_rank": ("linear_operator", _linop("low_rank"), {}, "gp_targets"),
    "hgnn_poincare": ("torch_hyperbolic", _hyperbolic("poincare"), {}, "graph"),
    "hgnn_hyperboloid": ("torch_hyperbolic", _hyperbolic("hyperboloid"), {}, "graph"),
    "hgat": ("torch_hyperbolic", _hyperbolic("attention"), {}, "graph"),
    "hgcn_link": ("torch_hyperbolic", _hyperbolic("link"), {}, "graph"),
    "coral": ("coral_pytorch", _ordinal("coral"), {}, "ordinal"),
    "corn": ("coral_pytorch", _ordinal("corn"), {}, "ordinal"),
    "condor": ("condor_pytorch", _ordinal("condor"), {}, "ordinal"),
    "zoom_band": ("minimal_zoom_fft", _zoom("band"), {}, "signals"),
    "zoom_chirp": ("minimal_zoom_fft", _zoom("chirp"), {}, "signals"),
    "zoom_2d": ("minimal_zoom_fft", _zoom("2d"), {}, "signals"),
    "dcls_gauss2d": ("DCLS", _dcls("gauss2d"), {}, "image_chw"),
    "dcls_lin2d": ("DCLS", _dcls("lin2d"), {}, "image_chw"),
    "dcls_max1d": ("DCLS", _dcls("max1d"), {}, "features"),
    "dcls_gauss3d": ("DCLS", _dcls("gauss3d"), {}, "image_chw"),
    "nsa_attend": ("native_sparse_attention_pytorch", _nsa("attend"), {}, "nsa_features"),
    "nsa_causal": ("native_sparse_attention_pytorch", _nsa("causal"), {}, "nsa_features"),
    "nsa_lm": ("native_sparse_attention_pytorch", _nsa("lm"), {}, "tokens"),
}

# Package code that reads the mode (see the docstring).
TRAINING: tuple[str, ...] = ("hgnn_poincare", "hgat", "gp_variational", "gp_unwhitened")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "ctr_batch":
        x: dict[str, torch.Tensor] = {
            "userAge": torch.rand(batch, generator=gen),
            "rating": torch.rand(batch, generator=gen) * 5,
        }
        for name, size in _VOCAB.items():
            x[name] = torch.randint(1, size, (batch,), generator=gen)
        for name, source in _HISTORIES.items():
            lengths = torch.randint(1, seq // 2 + 1, (batch,), generator=gen)
            ids = torch.randint(1, _VOCAB[source], (batch, _HISTORY_LEN), generator=gen)
            keep = torch.arange(_HISTORY_LEN)[None, :] < lengths[:, None]
            x[name] = ids * keep
            x[f"__{name}_length"] = lengths
        return {"x": x}
    if kind == "gp_points":
        return {"x": torch.rand(rows, 3, generator=gen) * 2 - 1}
    if kind == "gp_targets":
        points = torch.rand(rows, 3, generator=gen) * 2 - 1
        return {"x": points, "y": torch.sin(3 * points[:, 0])}
    if kind == "kron_rhs":
        return {"x": torch.randn(8, seq, generator=gen)}
    if kind == "graph":
        return {"x": torch.randn(rows, 8, generator=gen) * 0.3, "adj": _ring(rows)}
    if kind == "ordinal":
        return {
            "x": torch.randn(rows, 6, generator=gen),
            "y": torch.randint(0, 5, (rows,), generator=gen),
        }
    if kind == "signals":
        return {"x": torch.randn(batch, 4 * seq, generator=gen)}
    if kind == "nsa_features":
        return {"inp": torch.randn(batch, seq, 32, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
