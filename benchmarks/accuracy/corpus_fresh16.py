"""The ``fresh16`` corpus: a nineteenth held-back set of packages, held back for a blind first
score.

Built like ``fresh15`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh15``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by nine authors or teams (one of them lucidrains): agent-
token attention and its transformer (agent-attention-pytorch), the Temporal Fusion Transformer
forecaster with variable selection, static enrichment and interpretable attention (tft-torch,
configured by an omegaconf ``DictConfig``), k-means clustering of the batch by Lloyd iterations
(fast-pytorch-kmeans), the Differentiable Neural Computer with its memory addressing (dnc),
mean-field conditional random fields over images and volumes (crfseg), AllenNLP's linear-chain
CRF with constrained transitions and top-k Viterbi decoding (allencrf), convolutional LSTMs
(conv-lstm), recurrent and spiking networks assembled from factories into graphs with cycles
(rnnbuilder) and a numerically stable truncated normal distribution (stable-trunc-gaussian).

Each model runs as ``NAME.eval`` only: no package code here reads the mode (``TRAINING`` is
empty; tft-torch's dropout is torch's own module, the same package code in both modes). The
pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``features``
is x: batch × seq × 32, ``features_mask`` adds its padding mask, ``crf`` is emissions: batch ×
seq × 5 with tags and a mask), plus the input kinds below: ``tft_batch`` (batch: a dict of
static numeric (batch × 2) and categorical (batch × 1) features, historical numeric (batch ×
seq × 3) and categorical (batch × seq × 1) series and future numeric (batch × seq / 2 × 1) and
categorical (batch × seq / 2 × 1) series), ``tft_categorical`` and ``tft_numeric`` (the same
without the numeric or the categorical inputs), ``cluster_points`` (x: batch·seq × 4 points
around three centres), ``sequences`` (x: batch × seq × 6), ``seg_logits`` (x: batch × 3 × seq
× seq), ``seg_binary`` (x: batch × 1 × seq × seq), ``seg_volumes`` (x: batch × 2 × 4 × seq / 2
× seq / 2), ``videos`` (input_tensor: batch × seq / 2 × 2 × 8 × 8), ``time_major`` (x: seq ×
batch × 6) and ``bounded_targets`` (x: batch·seq × 6, y: batch·seq targets in (-1, 1)).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "agent_attention_pytorch": "agent-attention-pytorch",
    "allencrf": "allencrf",
    "conv_lstm": "conv-lstm",
    "crfseg": "crfseg",
    "dnc": "dnc",
    "fast_pytorch_kmeans": "fast-pytorch-kmeans",
    "rnnbuilder": "rnnbuilder",
    "stable_trunc_gaussian": "stable-trunc-gaussian",
    "tft_torch": "tft-torch",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _rnnbuilder(kind: str) -> Any:
    """rnnbuilder's networks, built from factories and made for a 6-feature input (time-first
    sequences): a graph with a recurrent placeholder (the hidden layer fed back a step later),
    a gate and a sum of layers; linear, ReLU and non-resetting spiking-neuron factories in
    sequence (an LSTM factory in sequence was left out: its trace, run on the second input,
    corrupted the ground-truth child's heap under torch 2.13); and a spiking graph of
    adaptive-threshold, leaky integrate-and-fire and cooldown neurons fed back the spikes of
    the step before. Each returns the outputs and the final state."""

    def factory() -> Any:
        import rnnbuilder as rb
        from rnnbuilder.nn import Linear, ReLU, Sigmoid, Tanh
        from rnnbuilder.snn import LIF, Adaptive, Cooldown, NoReset

        if kind == "graph":
            n = rb.Network()
            n.h = rb.Placeholder()
            n.h = n.input.stack(n.h).apply(Linear(16), Tanh())
            n.gate = n.h.stack(n.input).apply(Linear(16), Sigmoid())
            n.mix = n.h.sum(n.gate)
            n.output = n.mix.apply(Linear(4))
            return n.make_model((6,))
        if kind == "sequential":
            return rb.Sequential(Linear(16), ReLU(), NoReset(tau=6), Linear(8)).make_model((6,))
        k = rb.Network()
        k.spikes = rb.Placeholder()
        k.v = k.input.stack(k.spikes).apply(Linear(16), Adaptive(tau=4))
        k.spikes = k.v.apply(Linear(16), LIF(tau=3))
        k.output = k.spikes.sum(k.v).apply(Linear(4), Cooldown())
        return k.make_model((6,))

    return factory


def _truncated(kind: str) -> Any:
    """stable-trunc-gaussian's truncated normal (a torch ``Distribution``) behind a module of
    this file, its location and scale a linear function of the features, truncated to
    [-1, 1] (to [-1, 0.5] for half the rows in ``moments``): the negative log-likelihood of
    the targets with the mean, variance and three quantiles (the inverse CDF, its tails by
    the exponential approximation); reparameterised samples and the KL divergence from a
    wider-bounded one (checked to contain it); and the legacy sequential implementation's
    log-likelihood, mean and variance, one distribution for each of four rows (it takes
    single values)."""

    def factory() -> Any:
        import torch
        from stable_trunc_gaussian import SeqTruncatedGaussian, TruncatedGaussian

        class Head(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.loc = torch.nn.Linear(6, 1)
                self.scale = torch.nn.Linear(6, 1)

            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                mu = self.loc(x).squeeze(-1)
                sigma = torch.nn.functional.softplus(self.scale(x).squeeze(-1)) + 0.05
                a = torch.full_like(mu, -1.0)
                b = torch.ones_like(mu)
                if kind == "sequential":
                    rows = []
                    for i in range(4):  # the legacy class takes one value per parameter
                        dist = SeqTruncatedGaussian(mu[i], sigma[i], a[i], b[i])
                        rows.append(torch.stack([-dist.log_prob(y[i]), dist.mean, dist.variance]))
                    return torch.stack(rows)
                if kind == "moments":
                    b = torch.where(torch.arange(len(b)) % 2 == 0, b, b * 0.5)
                    dist = TruncatedGaussian(mu, sigma, a, b)
                    levels = torch.tensor([0.1, 0.5, 0.9])[:, None].expand(3, len(mu))
                    nll = -dist.log_prob(torch.minimum(y, b - 1e-3)).mean()
                    return nll, dist.mean, dist.variance, dist.icdf(levels)
                dist = TruncatedGaussian(mu, sigma, a, b)
                wide = TruncatedGaussian(mu * 0.5, sigma * 2, a * 2, b * 2)
                sample = dist.rsample((2,))
                return sample, torch.distributions.kl_divergence(dist, wide)

        return Head()

    return factory


def _agent(kind: str) -> Any:
    """agent-attention-pytorch's agent-token attention: with talking heads, gating and a
    padding mask, the agent tokens given and returned; plain (no talking heads, no gate, its
    own agent tokens); and the agent transformer (two layers) with the padding mask."""

    def factory() -> Any:
        import torch
        from agent_attention_pytorch import AgentSelfAttention, AgentTransformer

        if kind == "attend":

            class WithAgents(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.attn = AgentSelfAttention(dim=32, num_agent_tokens=4, dim_head=8, heads=4)
                    self.agents = torch.nn.Parameter(torch.randn(4, 4, 8) * 0.1)

                def forward(self, x: torch.Tensor, mask: torch.Tensor) -> Any:
                    agents = self.agents.expand(x.shape[0], -1, -1, -1)
                    return self.attn(x, mask=mask, agent_tokens=agents, return_agent_tokens=True)

            return WithAgents()
        if kind == "plain":
            return AgentSelfAttention(
                dim=32, num_agent_tokens=6, dim_head=8, heads=2, talking_heads=False, gate=False
            )
        return AgentTransformer(dim=32, num_agent_tokens=4, depth=2, heads=2, dim_head=8)

    return factory


def _tft(kind: str) -> Any:
    """tft-torch's Temporal Fusion Transformer from an omegaconf config: regression with three
    quantiles over static, historical and future inputs, numeric and categorical, two LSTM
    layers and the target window starting at the second future step; classification over
    categorical inputs only (one LSTM layer); and regression of the median over numeric inputs
    only (one head). Each returns the dict of predictions, attention scores and selection
    weights."""

    def factory() -> Any:
        from omegaconf import OmegaConf
        from tft_torch.tft import TemporalFusionTransformer

        if kind == "regression":
            data_props = {
                "num_historical_numeric": 3,
                "num_historical_categorical": 1,
                "historical_categorical_cardinalities": [5],
                "num_static_numeric": 2,
                "num_static_categorical": 1,
                "static_categorical_cardinalities": [4],
                "num_future_numeric": 1,
                "num_future_categorical": 1,
                "future_categorical_cardinalities": [7],
            }
            config = {
                "data_props": data_props,
                "task_type": "regression",
                "target_window_start": 2,
                "model": {
                    "attention_heads": 2,
                    "dropout": 0.1,
                    "lstm_layers": 2,
                    "output_quantiles": [0.1, 0.5, 0.9],
                    "state_size": 16,
                },
            }
        elif kind == "numeric":
            data_props = {
                "num_historical_numeric": 3,
                "num_static_numeric": 2,
                "num_future_numeric": 1,
            }
            config = {
                "data_props": data_props,
                "task_type": "regression",
                "target_window_start": None,
                "model": {
                    "attention_heads": 1,
                    "dropout": 0.2,
                    "lstm_layers": 1,
                    "output_quantiles": [0.5],
                    "state_size": 8,
                },
            }
        else:
            data_props = {
                "num_historical_categorical": 1,
                "historical_categorical_cardinalities": [5],
                "num_static_categorical": 1,
                "static_categorical_cardinalities": [4],
                "num_future_categorical": 1,
                "future_categorical_cardinalities": [7],
            }
            config = {
                "data_props": data_props,
                "task_type": "classification",
                "target_window_start": None,
                "model": {
                    "attention_heads": 4,
                    "dropout": 0.0,
                    "lstm_layers": 1,
                    "state_size": 16,
                },
            }
        return TemporalFusionTransformer(OmegaConf.create(config))

    return factory


def _kmeans(kind: str) -> Any:
    """fast-pytorch-kmeans' Lloyd iterations on the batch behind a module of this file: points
    encoded by a linear layer, clustered from learnt initial centroids (Euclidean, at most 20
    iterations, stopping at the tolerance) and the clusters' mean codes gathered back; cosine
    similarity with the assignments of a second, fitted model predicted on the input; and
    several k-means runs at once (MultiKMeans, two runs over two encodings)."""

    def factory() -> Any:
        import torch
        from fast_pytorch_kmeans import KMeans, MultiKMeans

        class Cluster(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.encode = torch.nn.Linear(4, 4)
                self.init = torch.nn.Parameter(torch.randn(3, 4))
                mode = "cosine" if kind == "cosine" else "euclidean"
                self.kmeans = KMeans(n_clusters=3, max_iter=20, tol=1e-4, mode=mode)

            def forward(self, x: torch.Tensor) -> Any:
                z = self.encode(x)
                if kind == "multi":
                    runs = MultiKMeans(n_clusters=3, max_iter=10, mode="euclidean")
                    batch = torch.stack([z, x])
                    labels = runs.fit_predict(batch, centroids=self.init.expand(2, -1, -1))
                    return labels, runs.centroids
                labels = self.kmeans.fit_predict(z, centroids=self.init.detach().clone())
                centroids = self.kmeans.centroids
                if kind == "cosine":
                    return labels, self.kmeans.predict(x), centroids
                return labels, centroids[labels], centroids

        return Cluster()

    return factory


def _dnc(kind: str) -> Any:
    """dnc's Differentiable Neural Computer: an LSTM controller with shared memory (8 cells,
    two read heads); a two-layer GRU controller with per-layer memory and independent
    interface linears; and a plain-RNN controller in debug mode (the memory's views gathered
    as NumPy arrays), each behind a module of this file that returns the outputs and the last
    read vectors."""

    def factory() -> Any:
        import torch
        from dnc import DNC

        if kind == "lstm":
            net = DNC(6, 16, rnn_type="lstm", nr_cells=8, read_heads=2, cell_size=8)
        elif kind == "gru":
            net = DNC(
                6,
                12,
                rnn_type="gru",
                num_layers=2,
                num_hidden_layers=1,
                nr_cells=6,
                read_heads=1,
                cell_size=6,
                independent_linears=True,
                share_memory=False,
            )
        else:
            net = DNC(6, 8, rnn_type="rnn", nr_cells=4, read_heads=2, cell_size=4, debug=True)

        class Computer(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = net

            def forward(self, x: torch.Tensor) -> Any:
                result = self.net(x, (None, None, None), reset_experience=True)
                out, (_, _, read) = result[0], result[1]
                return out, read

        return Computer()

    return factory


def _crfseg(kind: str) -> Any:
    """crfseg's mean-field CRF over the unary potentials of a convolution of this file:
    images into class probabilities (filter 5, four iterations); one-class images (the binary
    case, logits); and volumes with per-sample spacings into log-probabilities (filters 3 × 5
    × 5)."""

    def factory() -> Any:
        import numpy as np
        import torch
        from crfseg import CRF

        class Segment(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                if kind == "volume":
                    self.unary = torch.nn.Conv3d(2, 3, 3, padding=1)
                    self.crf = CRF(3, filter_size=[3, 5, 5], n_iter=3, returns="log-proba")
                else:
                    channels = 1 if kind == "binary" else 3
                    self.unary = torch.nn.Conv2d(channels, channels, 3, padding=1)
                    returns = "logits" if kind == "binary" else "proba"
                    self.crf = CRF(2, filter_size=5, n_iter=4, returns=returns)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                unary = self.unary(x)
                if kind == "volume":
                    spacings = np.tile([2.0, 1.0, 1.0], (x.shape[0], 1))
                    return self.crf(unary, spatial_spacings=spacings)
                return self.crf(unary)

        return Segment()

    return factory


def _allencrf(kind: str) -> Any:
    """allencrf's linear-chain CRF (AllenNLP's) over emissions of a linear layer of this file:
    the log-likelihood of the tags with the Viterbi path; BIO-constrained transitions (two
    entity types) with the top two paths; and no start or end transitions, the likelihood
    without a mask."""

    def factory() -> Any:
        import torch
        from allencrf.conditional_random_field import (
            ConditionalRandomField,
            allowed_transitions,
        )

        labels = {0: "O", 1: "B-PER", 2: "I-PER", 3: "B-LOC", 4: "I-LOC"}

        class Tagger(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.emit = torch.nn.Linear(5, 5)
                if kind == "constrained":
                    constraints = allowed_transitions("BIO", labels)
                    self.crf = ConditionalRandomField(5, constraints=constraints)
                else:
                    start_end = kind != "no_ends"
                    self.crf = ConditionalRandomField(5, include_start_end_transitions=start_end)

            def forward(
                self, emissions: torch.Tensor, tags: torch.Tensor, mask: torch.Tensor
            ) -> Any:
                logits = self.emit(emissions)
                if kind == "no_ends":
                    return self.crf(logits, tags), self.crf.viterbi_tags(logits)
                top_k = 2 if kind == "constrained" else None
                return self.crf(logits, tags, mask), self.crf.viterbi_tags(logits, mask, top_k)

        return Tagger()

    return factory


def _convlstm(kind: str) -> Any:
    """conv-lstm's convolutional LSTM: one layer (3 × 3 kernels) returning the last layer's
    outputs and state; and three layers (hidden sizes 8, 6, 4, kernels 3 × 3, 5 × 5, 1 × 1)
    time-first, returning every layer."""

    def factory() -> Any:
        import torch
        from conv_lstm import ConvLSTM

        if kind == "single":
            return ConvLSTM(2, 8, 3, num_layers=1, batch_first=True)

        class TimeFirst(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.lstm = ConvLSTM(
                    2,
                    [8, 6, 4],
                    [3, 5, 1],
                    num_layers=3,
                    batch_first=False,
                    return_all_layers=True,
                )

            def forward(self, input_tensor: torch.Tensor) -> Any:
                return self.lstm(input_tensor.transpose(0, 1))

        return TimeFirst()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "agent_attend": ("agent_attention_pytorch", _agent("attend"), {}, "features_mask"),
    "agent_plain": ("agent_attention_pytorch", _agent("plain"), {}, "features"),
    "agent_transformer": ("agent_attention_pytorch", _agent("transformer"), {}, "features_mask"),
    "tft_regression": ("tft_torch", _tft("regression"), {}, "tft_batch"),
    "tft_classification": ("tft_torch", _tft("classification"), {}, "tft_categorical"),
    "tft_numeric": ("tft_torch", _tft("numeric"), {}, "tft_numeric"),
    "kmeans_euclid": ("fast_pytorch_kmeans", _kmeans("euclid"), {}, "cluster_points"),
    "kmeans_cosine": ("fast_pytorch_kmeans", _kmeans("cosine"), {}, "cluster_points"),
    "kmeans_multi": ("fast_pytorch_kmeans", _kmeans("multi"), {}, "cluster_points"),
    "dnc_lstm": ("dnc", _dnc("lstm"), {}, "sequences"),
    "dnc_gru": ("dnc", _dnc("gru"), {}, "sequences"),
    "dnc_debug": ("dnc", _dnc("debug"), {}, "sequences"),
    "crfseg_image": ("crfseg", _crfseg("image"), {}, "seg_logits"),
    "crfseg_binary": ("crfseg", _crfseg("binary"), {}, "seg_binary"),
    "crfseg_volume": ("crfseg", _crfseg("volume"), {}, "seg_volumes"),
    "allencrf_viterbi": ("allencrf", _allencrf("viterbi"), {}, "crf"),
    "allencrf_constrained": ("allencrf", _allencrf("constrained"), {}, "crf"),
    "allencrf_no_ends": ("allencrf", _allencrf("no_ends"), {}, "crf"),
    "convlstm_single": ("conv_lstm", _convlstm("single"), {}, "videos"),
    "convlstm_stack": ("conv_lstm", _convlstm("stack"), {}, "videos"),
    "rnnb_graph": ("rnnbuilder", _rnnbuilder("graph"), {}, "time_major"),
    "rnnb_sequential": ("rnnbuilder", _rnnbuilder("sequential"), {}, "time_major"),
    "rnnb_spiking": ("rnnbuilder", _rnnbuilder("spiking"), {}, "time_major"),
    "trunc_moments": ("stable_trunc_gaussian", _truncated("moments"), {}, "bounded_targets"),
    "trunc_sample_kl": ("stable_trunc_gaussian", _truncated("sample_kl"), {}, "bounded_targets"),
    "trunc_sequential": ("stable_trunc_gaussian", _truncated("sequential"), {}, "bounded_targets"),
}

# No package code here runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ()

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "time_major":
        return {"x": torch.randn(seq, batch, 6, generator=gen)}
    if kind == "bounded_targets":
        return {
            "x": torch.randn(rows, 6, generator=gen),
            "y": torch.rand(rows, generator=gen) * 1.98 - 0.99,
        }
    if kind in ("tft_batch", "tft_categorical", "tft_numeric"):
        future = seq // 2
        data = {}
        if kind != "tft_numeric":
            data["static_feats_categorical"] = torch.randint(0, 4, (batch, 1), generator=gen)
            data["historical_ts_categorical"] = torch.randint(0, 5, (batch, seq, 1), generator=gen)
            data["future_ts_categorical"] = torch.randint(0, 7, (batch, future, 1), generator=gen)
        if kind != "tft_categorical":
            data["static_feats_numeric"] = torch.randn(batch, 2, generator=gen)
            data["historical_ts_numeric"] = torch.randn(batch, seq, 3, generator=gen)
            data["future_ts_numeric"] = torch.randn(batch, future, 1, generator=gen)
        return {"batch": data}
    if kind == "cluster_points":
        centres = torch.tensor([[2.0, 0.0, 0.0, 1.0], [-2.0, 1.0, 0.0, 0.0], [0.0, -2.0, 2.0, 0.0]])
        which = torch.randint(0, 3, (rows,), generator=gen)
        return {"x": centres[which] + 0.3 * torch.randn(rows, 4, generator=gen)}
    if kind == "sequences":
        return {"x": torch.randn(batch, seq, 6, generator=gen)}
    if kind == "seg_logits":
        return {"x": torch.randn(batch, 3, seq, seq, generator=gen)}
    if kind == "seg_binary":
        return {"x": torch.randn(batch, 1, seq, seq, generator=gen)}
    if kind == "seg_volumes":
        return {"x": torch.randn(batch, 2, 4, seq // 2, seq // 2, generator=gen)}
    if kind == "videos":
        return {"input_tensor": torch.randn(batch, seq // 2, 2, 8, 8, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
