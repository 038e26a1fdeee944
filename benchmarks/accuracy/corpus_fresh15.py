"""The ``fresh15`` corpus: an eighteenth held-back set of packages, held back for a blind first
score.

Built like ``fresh14`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh14``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by eight authors or teams (one of them lucidrains):
high-order spline interpolation, splatting and resampling of images (torch-interpol, imported as
``interpol``), NumPy-style histograms and the distances between them (torchist), metrics as
stateful modules (torchmetrics: image similarity, signal distortion, permutation-invariant
training, classification accuracy), reinforcement-learning policies (stable-
baselines3: actor-critic, squashed-Gaussian, deterministic and Q-value networks over gymnasium
spaces), quantisation-aware layers (brevitas), Bayesian layers by the reparameterisation and
flipout estimators (bayesian-torch), an inverted-Transformer forecaster (iTransformer) and
linear-chain CRFs with partial and marginal labels (pytorch-partial-crf).

Each model runs as ``NAME.eval``; those whose package code runs otherwise in training
(``TRAINING``: brevitas's four models, whose activation quantisers take their scale from the
batch's statistics in training and from the running ones otherwise, the convolutional block's
batch norm too) also as ``NAME.train``. No other package code here reads the mode on the paths
the models take (stable-baselines3's policies, bayesian-torch's layers, which sample their
weights in both modes, and torchmetrics' metrics run the same code in both; iTransformer's
training branch needs targets, which the models are not given). The pins are in setup_env.sh
(installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``volumes`` (x: batch × 2 × seq × seq images), ``points_2d`` (x:
batch·seq × 2 in [-0.2, 1.2]², some out of range), ``values_1d`` (x, y: batch·seq values),
``image_pairs`` (preds, target: batch × 3 × 2·seq × 2·seq in [0, 1]), ``signal_pairs`` (preds,
target: batch × 2 × 32·seq), ``class_logits``
(preds: batch·seq × 5, target: batch·seq labels), ``observations`` (obs: batch·seq × 6,
actions: batch·seq discrete actions), ``continuous_obs`` (obs: batch·seq × 6, actions:
batch·seq × 2 in [-1, 1]), ``dict_obs`` (obs: a dict of a batch·seq × 6 vector, a discrete and
a multi-binary observation), ``quant_features`` (x: batch × seq × 16), ``quant_images`` (x:
batch × 3 × seq × seq), ``bayes_features`` (x: batch × seq × 16), ``bayes_images`` (x: batch ×
3 × seq × seq), ``series`` (x: batch × 24 × 4, the lookback fixed at 24), and ``crf_tags``
(emissions: batch × seq × 5, tags: batch × seq, some -1 (unknown) for the partial CRF, mask:
the pytorch corpus's padding).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "bayesian_torch": "bayesian-torch",
    "brevitas": "brevitas",
    "interpol": "torch-interpol",
    "iTransformer": "iTransformer",
    "pytorch_partial_crf": "pytorch-partial-crf",
    "stable_baselines3": "stable-baselines3",
    "torchist": "torchist",
    "torchmetrics": "torchmetrics",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _interpol(kind: str) -> Any:
    """torch-interpol's spline machinery behind a module of this file: images pulled through a
    learnt displacement of the identity grid (cubic B-splines, DCT-II boundary, prefiltered),
    pushed (splatted, linear, zero boundary) and divided by the grid's counts, resized up and
    restricted down (quadratic), and the spatial gradients of cubic spline coefficients
    sampled at a shifted grid (mirrored boundary)."""

    def factory() -> Any:
        import interpol
        import torch

        class Warp(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.disp = torch.nn.Parameter(torch.randn(4, 4, 2) * 0.5)

            def _grid(self, x: torch.Tensor) -> torch.Tensor:
                shape = x.shape[-2:]
                disp = torch.nn.functional.interpolate(
                    self.disp.permute(2, 0, 1)[None], size=tuple(shape), mode="bilinear"
                )[0].permute(1, 2, 0)
                return interpol.add_identity_grid(disp)

            def forward(self, x: torch.Tensor) -> Any:
                grid = self._grid(x)
                if kind == "pull":
                    return interpol.grid_pull(
                        x, grid, interpolation=3, bound="dct2", prefilter=True
                    )
                if kind == "push":
                    shape = x.shape[-2:]
                    pushed = interpol.grid_push(x, grid, shape, interpolation=1, bound="zero")
                    count = interpol.grid_count(grid, shape, interpolation=1, bound="zero")
                    return pushed / count.clamp_min(1e-3)
                if kind == "resize":
                    up = interpol.resize(x, factor=2, interpolation=2, prefilter=True)
                    return up, interpol.restrict(up, factor=2, interpolation=2)
                coeff = interpol.spline_coeff_nd(x, interpolation=3, bound="dft", dim=2)
                return interpol.grid_grad(coeff, grid, interpolation=3, bound="reflect")

        return Warp()

    return factory


def _histograms(kind: str) -> Any:
    """torchist's histograms behind a module of this file: a 2-D histogram of points (8 × 8
    bins over the unit square, out-of-range points dropped, weighted by a learnt function of
    the points), normalised, with its marginals and entropy; and two 1-D histograms (16 bins
    between learnt edges) compared by KL, Jensen-Shannon and earth mover's distances (the
    latter by Sinkhorn iterations)."""

    def factory() -> Any:
        import torch
        import torchist
        from torchist.histograms import marginalize, normalize
        from torchist.metrics import em_distance, entropy, js_divergence, kl_divergence

        if kind == "joint":

            class Joint(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.weigh = torch.nn.Linear(2, 1)

                def forward(self, x: torch.Tensor) -> Any:
                    w = torch.sigmoid(self.weigh(x)).squeeze(-1)
                    hist = torchist.histogramdd(x, bins=8, low=0.0, upp=1.0, weights=w)
                    hist, _ = normalize(hist)
                    return hist, marginalize(hist, dim=1), entropy(hist)

            return Joint()

        class Compare(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.span = torch.nn.Parameter(torch.tensor([-3.0, 3.0]))

            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                low, upp = self.span[0], self.span[1]
                p = torchist.histogram(x, bins=16, low=low, upp=upp) + 1
                q = torchist.histogram(y * 1.5, bins=16, low=low, upp=upp) + 1
                p, q = p / p.sum(), q / q.sum()
                return kl_divergence(p, q), js_divergence(p, q), em_distance(p, q)

        return Compare()

    return factory


def _metric(kind: str) -> Any:
    """torchmetrics' metrics (``Metric`` modules: ``forward`` updates the running state and
    returns the batch's value): structural similarity (Gaussian window, 11 taps), peak
    signal-to-noise ratio (data range 1) with the universal image quality index, the
    scale-invariant signal-to-distortion ratio, permutation-invariant training over it (two
    speakers, speaker-wise) and multiclass accuracy and F1 (5 classes, macro average) from
    logits."""

    def factory() -> Any:
        import torchmetrics
        from torchmetrics.audio import (
            PermutationInvariantTraining,
            ScaleInvariantSignalDistortionRatio,
        )
        from torchmetrics.functional.audio import scale_invariant_signal_distortion_ratio
        from torchmetrics.image import (
            PeakSignalNoiseRatio,
            StructuralSimilarityIndexMeasure,
            UniversalImageQualityIndex,
        )

        if kind == "ssim":
            return StructuralSimilarityIndexMeasure(data_range=1.0)
        if kind == "psnr":
            return torchmetrics.MetricCollection(
                {
                    "psnr": PeakSignalNoiseRatio(data_range=1.0),
                    "uqi": UniversalImageQualityIndex(),
                }
            )
        if kind == "si_sdr":
            return ScaleInvariantSignalDistortionRatio()
        if kind == "pit":
            return PermutationInvariantTraining(
                scale_invariant_signal_distortion_ratio, mode="speaker-wise", eval_func="max"
            )
        return torchmetrics.MetricCollection(
            [
                torchmetrics.classification.MulticlassAccuracy(num_classes=5),
                torchmetrics.classification.MulticlassF1Score(num_classes=5, average="macro"),
            ]
        )

    return factory


def _policy(kind: str) -> Any:
    """stable-baselines3's policies over gymnasium spaces (6 observations) behind a module of
    this file that returns the deterministic action and what a PPO update evaluates (values,
    log-probabilities, entropy) of the given actions: an actor-critic over 3 discrete actions,
    one over 2 continuous actions with a diagonal Gaussian, one with generalised state-dependent
    exploration, one over a dict of a vector, a discrete and a multi-binary observation (the
    combined extractor's one-hot and flattening), SAC's squashed-Gaussian actor (its action and
    log-probability, with its twin critics) and DQN's Q-network (greedy action)."""

    def factory() -> Any:
        import numpy as np
        import torch
        from gymnasium import spaces
        from stable_baselines3.common.policies import (
            ActorCriticPolicy,
            MultiInputActorCriticPolicy,
        )
        from stable_baselines3.dqn.policies import DQNPolicy
        from stable_baselines3.sac.policies import SACPolicy

        obs = spaces.Box(-np.inf, np.inf, shape=(6,), dtype=np.float32)
        box = spaces.Box(-1.0, 1.0, shape=(2,), dtype=np.float32)
        discrete = spaces.Discrete(3)

        def lr(_: float) -> float:
            return 3e-4

        if kind in ("sac", "dqn"):
            policy = {
                "sac": lambda: SACPolicy(obs, box, lr, net_arch=[16, 16]),
                "dqn": lambda: DQNPolicy(obs, discrete, lr, net_arch=[16, 16]),
            }[kind]()

            class OffPolicy(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.policy = policy

                def forward(self, obs: torch.Tensor, actions: torch.Tensor) -> Any:
                    if kind == "sac":
                        action, log_prob = self.policy.actor.action_log_prob(obs)
                        q = self.policy.critic(obs, action)
                        return self.policy(obs, deterministic=True), log_prob, q
                    return self.policy(obs), self.policy.q_net(obs)

            return OffPolicy()

        if kind == "dict":
            space = spaces.Dict(
                {
                    "vec": obs,
                    "mode": spaces.Discrete(4),
                    "flags": spaces.MultiBinary(3),
                }
            )
            policy = MultiInputActorCriticPolicy(space, discrete, lr, net_arch=[16])
        elif kind == "discrete":
            policy = ActorCriticPolicy(obs, discrete, lr, net_arch=dict(pi=[16], vf=[16, 16]))
        else:
            policy = ActorCriticPolicy(
                obs,
                box,
                lr,
                net_arch=[16, 16],
                use_sde=kind == "gsde",
                squash_output=kind == "gsde",
                log_std_init=-0.5,
            )

        class OnPolicy(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.policy = policy

            def forward(self, obs: Any, actions: torch.Tensor) -> Any:
                action, values, log_prob = self.policy(obs, deterministic=True)
                values2, log_prob2, entropy = self.policy.evaluate_actions(obs, actions)
                return action, values, log_prob, values2, log_prob2, entropy

        return OnPolicy()

    return factory


def _brevitas(kind: str) -> Any:
    """brevitas's quantisation-aware layers (scaled integer weights and activations, fake
    quantised in float): an MLP (8-bit input quantiser, 4-bit weights, 4-bit ReLU, a quantised
    residual add), a convolutional block (quantised conv, batch norm, 4-bit hard tanh, average
    pooling with truncation), a quantised LSTM (2 layers, 8-bit weights, gates and states) and
    quantised multi-head attention."""

    def factory() -> Any:
        import brevitas.nn as qnn
        import torch

        if kind == "mlp":

            class QuantMLP(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.inp = qnn.QuantIdentity(bit_width=8, return_quant_tensor=True)
                    self.fc1 = qnn.QuantLinear(16, 32, bias=True, weight_bit_width=4)
                    self.act = qnn.QuantReLU(bit_width=4, return_quant_tensor=True)
                    self.fc2 = qnn.QuantLinear(32, 16, bias=True, weight_bit_width=4)
                    self.add = qnn.QuantEltwiseAdd()
                    self.out = qnn.QuantLinear(16, 3, bias=False, weight_bit_width=8)

                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    q = self.inp(x)
                    h = self.fc2(self.act(self.fc1(q)))
                    return self.out(self.add(h, x))

            return QuantMLP()

        if kind == "conv":

            class QuantConvBlock(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.inp = qnn.QuantIdentity(bit_width=8, return_quant_tensor=True)
                    self.conv = qnn.QuantConv2d(3, 8, 3, padding=1, weight_bit_width=4)
                    self.bn = torch.nn.BatchNorm2d(8)
                    self.act = qnn.QuantHardTanh(
                        bit_width=4, min_val=-1.0, max_val=1.0, return_quant_tensor=True
                    )
                    self.pool = qnn.TruncAvgPool2d(kernel_size=2, return_quant_tensor=False)

                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    return self.pool(self.act(self.bn(self.conv(self.inp(x)))))

            return QuantConvBlock()

        if kind == "lstm":

            class QuantRecurrent(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.lstm = qnn.QuantLSTM(16, 12, num_layers=2, batch_first=True)

                def forward(self, x: torch.Tensor) -> Any:
                    out, (h, c) = self.lstm(x)
                    return out, h, c

            return QuantRecurrent()

        class QuantAttention(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.mha = qnn.QuantMultiheadAttention(16, 2, batch_first=True)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                out, _ = self.mha(x, x, x, need_weights=False)
                return out

        return QuantAttention()

    return factory


def _bayes(kind: str) -> Any:
    """bayesian-torch's variational layers (weights sampled each call, with their KL to the
    prior): linear layers by the reparameterisation estimator with a ReLU, convolutions by the
    flipout estimator, a reparameterised LSTM, and a plain MLP converted by ``dnn_to_bnn``
    (flipout) with its summed KL by ``get_kl_loss``."""

    def factory() -> Any:
        import torch
        from bayesian_torch.layers import (
            Conv2dFlipout,
            LinearReparameterization,
            LSTMReparameterization,
        )
        from bayesian_torch.models.dnn_to_bnn import dnn_to_bnn, get_kl_loss

        if kind == "linear":

            class BayesMLP(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.fc1 = LinearReparameterization(16, 32)
                    self.fc2 = LinearReparameterization(32, 3)

                def forward(self, x: torch.Tensor) -> Any:
                    h, kl1 = self.fc1(x)
                    out, kl2 = self.fc2(torch.relu(h))
                    return out, kl1 + kl2

            return BayesMLP()

        if kind == "conv":

            class BayesConv(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.conv1 = Conv2dFlipout(3, 8, 3, padding=1)
                    self.conv2 = Conv2dFlipout(8, 4, 3, stride=2)

                def forward(self, x: torch.Tensor) -> Any:
                    h, kl1 = self.conv1(x)
                    out, kl2 = self.conv2(torch.nn.functional.silu(h))
                    return out, kl1 + kl2

            return BayesConv()

        if kind == "lstm":

            class BayesLSTM(torch.nn.Module):
                def __init__(self) -> None:
                    super().__init__()
                    self.lstm = LSTMReparameterization(16, 12)

                def forward(self, x: torch.Tensor) -> Any:
                    out, (h, c), kl = self.lstm(x)
                    return out, h, c, kl

            return BayesLSTM()

        net = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 3))
        dnn_to_bnn(
            net,
            {
                "prior_mu": 0.0,
                "prior_sigma": 1.0,
                "posterior_mu_init": 0.0,
                "posterior_rho_init": -3.0,
                "type": "Flipout",
                "moped_enable": False,
            },
        )

        class Converted(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = net

            def forward(self, x: torch.Tensor) -> Any:
                return self.net(x), get_kl_loss(self.net)

        return Converted()

    return factory


def _itransformer(kind: str) -> Any:
    """iTransformer's forecasters (variates as tokens, 4 variates, a lookback of 24 steps, two
    horizons 6 and 12): the plain one with reversible instance normalisation and memory tokens,
    the 2-D one (variate and time tokens, 4 time tokens) and the one with Fourier tokens."""

    def factory() -> Any:
        from iTransformer import iTransformer, iTransformer2D, iTransformerFFT

        common: dict[str, Any] = {
            "num_variates": 4,
            "lookback_len": 24,
            "dim": 32,
            "depth": 2,
            "heads": 2,
            "dim_head": 16,
            "pred_length": (6, 12),
        }
        if kind == "plain":
            return iTransformer(**common, use_reversible_instance_norm=True)
        if kind == "2d":
            return iTransformer2D(**common, num_time_tokens=4)
        return iTransformerFFT(**common)

    return factory


def _crf(kind: str) -> Any:
    """pytorch-partial-crf's linear-chain CRFs (5 tags) behind a module of this file that
    returns the negative log-likelihood, the marginal probabilities and the Viterbi path: the
    plain CRF, the partial CRF (unknown tags, -1, may be any tag) and the marginal CRF (tag
    distributions as labels, the one-hot of the tags smoothed)."""

    def factory() -> Any:
        import torch
        from pytorch_partial_crf import CRF, MarginalCRF, PartialCRF

        crf = {"crf": CRF, "partial": PartialCRF, "marginal": MarginalCRF}[kind](5)

        class Tagger(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.proj = torch.nn.Linear(5, 5)
                self.crf = crf

            def forward(
                self, emissions: torch.Tensor, tags: torch.Tensor, mask: torch.Tensor
            ) -> Any:
                emissions = self.proj(emissions)
                if kind == "marginal":
                    labels = torch.nn.functional.one_hot(tags.clamp_min(0), 5).float()
                    labels = 0.9 * labels + 0.02
                elif kind == "crf":
                    labels = tags.clamp_min(0)
                else:
                    labels = tags
                nll = self.crf(emissions, labels, mask)
                marginals = self.crf.marginal_probabilities(emissions, mask)
                best = self.crf.viterbi_decode(emissions, mask)
                return nll, marginals, best

        return Tagger()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "interp_pull": ("interpol", _interpol("pull"), {}, "volumes"),
    "interp_push": ("interpol", _interpol("push"), {}, "volumes"),
    "interp_resize": ("interpol", _interpol("resize"), {}, "volumes"),
    "interp_grad": ("interpol", _interpol("grad"), {}, "volumes"),
    "hist_joint": ("torchist", _histograms("joint"), {}, "points_2d"),
    "hist_compare": ("torchist", _histograms("compare"), {}, "values_1d"),
    "metric_ssim": ("torchmetrics", _metric("ssim"), {}, "image_pairs"),
    "metric_psnr": ("torchmetrics", _metric("psnr"), {}, "image_pairs"),
    "metric_si_sdr": ("torchmetrics", _metric("si_sdr"), {}, "signal_pairs"),
    "metric_pit": ("torchmetrics", _metric("pit"), {}, "signal_pairs"),
    "metric_accuracy": ("torchmetrics", _metric("accuracy"), {}, "class_logits"),
    "sb3_discrete": ("stable_baselines3", _policy("discrete"), {}, "observations"),
    "sb3_gaussian": ("stable_baselines3", _policy("gaussian"), {}, "continuous_obs"),
    "sb3_gsde": ("stable_baselines3", _policy("gsde"), {}, "continuous_obs"),
    "sb3_dict": ("stable_baselines3", _policy("dict"), {}, "dict_obs"),
    "sb3_sac": ("stable_baselines3", _policy("sac"), {}, "continuous_obs"),
    "sb3_dqn": ("stable_baselines3", _policy("dqn"), {}, "observations"),
    "quant_mlp": ("brevitas", _brevitas("mlp"), {}, "quant_features"),
    "quant_conv": ("brevitas", _brevitas("conv"), {}, "quant_images"),
    "quant_lstm": ("brevitas", _brevitas("lstm"), {}, "quant_features"),
    "quant_mha": ("brevitas", _brevitas("mha"), {}, "quant_features"),
    "bayes_linear": ("bayesian_torch", _bayes("linear"), {}, "bayes_features"),
    "bayes_conv": ("bayesian_torch", _bayes("conv"), {}, "bayes_images"),
    "bayes_lstm": ("bayesian_torch", _bayes("lstm"), {}, "bayes_features"),
    "bayes_converted": ("bayesian_torch", _bayes("converted"), {}, "bayes_features"),
    "itrans_plain": ("iTransformer", _itransformer("plain"), {}, "series"),
    "itrans_2d": ("iTransformer", _itransformer("2d"), {}, "series"),
    "itrans_fft": ("iTransformer", _itransformer("fft"), {}, "series"),
    "crf_plain": ("pytorch_partial_crf", _crf("crf"), {}, "crf_tags"),
    "crf_partial": ("pytorch_partial_crf", _crf("partial"), {}, "crf_tags"),
    "crf_marginal": ("pytorch_partial_crf", _crf("marginal"), {}, "crf_tags"),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("quant_conv", "quant_lstm", "quant_mha", "quant_mlp")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "volumes":
        return {"x": torch.randn(batch, 2, seq, seq, generator=gen)}
    if kind == "points_2d":
        return {"x": torch.rand(rows, 2, generator=gen) * 1.4 - 0.2}
    if kind == "values_1d":
        return {
            "x": torch.randn(rows, generator=gen),
            "y": torch.randn(rows, generator=gen),
        }
    if kind == "image_pairs":
        target = torch.rand(batch, 3, 2 * seq, 2 * seq, generator=gen)
        noise = 0.1 * torch.randn(batch, 3, 2 * seq, 2 * seq, generator=gen)
        return {"preds": (target + noise).clamp(0, 1), "target": target}
    if kind == "signal_pairs":
        target = torch.randn(batch, 2, 32 * seq, generator=gen)
        noise = 0.3 * torch.randn(batch, 2, 32 * seq, generator=gen)
        return {"preds": target.flip(1) + noise, "target": target}
    if kind == "class_logits":
        return {
            "preds": torch.randn(rows, 5, generator=gen),
            "target": torch.randint(0, 5, (rows,), generator=gen),
        }
    if kind == "observations":
        return {
            "obs": torch.randn(rows, 6, generator=gen),
            "actions": torch.randint(0, 3, (rows,), generator=gen),
        }
    if kind == "continuous_obs":
        return {
            "obs": torch.randn(rows, 6, generator=gen),
            "actions": torch.rand(rows, 2, generator=gen) * 1.8 - 0.9,
        }
    if kind == "dict_obs":
        return {
            "obs": {
                "vec": torch.randn(rows, 6, generator=gen),
                "mode": torch.randint(0, 4, (rows,), generator=gen).float(),
                "flags": torch.randint(0, 2, (rows, 3), generator=gen).float(),
            },
            "actions": torch.randint(0, 3, (rows,), generator=gen),
        }
    if kind in ("quant_features", "bayes_features"):
        return {"x": torch.randn(batch, seq, 16, generator=gen)}
    if kind in ("quant_images", "bayes_images"):
        return {"x": torch.randn(batch, 3, seq, seq, generator=gen)}
    if kind == "series":
        return {"x": torch.randn(batch, 24, 4, generator=gen)}
    if kind == "crf_tags":
        mask = torch.ones(batch, seq, dtype=torch.bool)
        mask[0, -2:] = False
        tags = torch.randint(0, 5, (batch, seq), generator=gen)
        unknown = torch.rand(batch, seq, generator=gen) < 0.3
        return {
            "emissions": torch.randn(batch, seq, 5, generator=gen),
            "tags": torch.where(unknown, -1, tags),
            "mask": mask,
        }
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
