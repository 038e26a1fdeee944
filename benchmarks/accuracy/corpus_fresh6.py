"""The ``fresh6`` corpus: a ninth held-back set of packages, held back for a blind first score.

Built like ``fresh5`` (which it follows as the held-back generalisation figure, once ``fresh5``
has been scored and read): nobody reads its misses or tunes a rule on it before its first score.
Pure-PyTorch packages outside the dev corpora (``transformers``, ``pytorch``), the ``wider``,
``unseen``, ``fresh``, ``fresh2``, ``fresh3``, ``fresh4`` and ``fresh5`` corpora and the held-out
list (timm, vit-pytorch, x-transformers, diffusers, efficientnet-pytorch, transformers), by ten
authors (none of them lucidrains): dense graph attention without a graph library (fast-gat),
1-D deformable convolutions with predicted offsets and modulation masks (dc1d), segmentation
U-Nets with and without attention gates (segment-torch), a DCGAN generator and discriminator
(dcgan-pytorch), metric-learning heads (metric-learning-layers: ArcFace with sub-centres, AdaCos,
DeepNCM), a Haar wavelet transform and its inverse (haar-pytorch), liquid time-constant
networks (liquidnn), a subtractive-gated LSTM (pytorch-sublstm), cellular neural networks for
time-series forecasting (cenn-forecasting: AMS-CeNN, a patched RK4 variant, the legacy model)
and a multi-resolution transformer forecaster (mtst-forecasting). Each model runs as
``NAME.eval``; ArcFace also as ``NAME.train`` (``TRAINING``): only in training does it apply its
angular margin to the labels' similarities. No other package code here runs otherwise in
training (dropout is an ``nn.Dropout`` module, batch norm a torch module); AdaCos' and DeepNCM's
training branches update the layer's own scale and class means at each call (state carried from
one call to the next, so the back-ends would be compared with eager runs on other state), and
are left out as cached-conv was in ``fresh4``. The pins are in setup_env.sh (installed with
``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``graph`` (nodes: batch·seq × 32, edge_mat: a boolean adjacency with self
loops), ``signal`` (input: batch × 8 × 4·seq), ``image_x`` (x: batch × 3 × 4·seq × 4·seq),
``noise`` (inputs: batch × 100 × 1 × 1), ``image_64`` (inputs: batch × 3 × 64 × 64),
``embeddings`` (data: batch·seq × 32, labels: batch·seq class indices), ``class_features`` (x
and labels, the same), ``image_input`` (input: batch × 3 × 4·seq × 4·seq), ``sequence`` (input:
batch × seq × 32), ``series_fixed`` (x: batch × 16 × 3, the lookback fixed), ``series``
(x: batch × 2·seq × 3).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "cenn_forecasting": "cenn-forecasting",
    "dc1d": "dc1d",
    "dcgan_pytorch": "dcgan-pytorch",
    "fast_gat": "fast-gat",
    "haar_pytorch": "haar-pytorch",
    "liquidnn": "liquidnn",
    "metric_learning_layers": "metric-learning-layers",
    "mtst": "mtst-forecasting",
    "segment_torch": "segment-torch",
    "subLSTM": "pytorch-sublstm",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _dcgan(model_name: str) -> Any:
    """A DCGAN generator or discriminator built by the package from its model name (random
    weights: ``from_name``, not ``from_pretrained``)."""
    from dcgan_pytorch import Discriminator, Generator

    return (Generator if model_name.startswith("g-") else Discriminator).from_name(model_name)


def _haar_round_trip() -> Any:
    """The package's Haar forward transform followed by its inverse, in a torch Sequential."""
    import torch
    from haar_pytorch import HaarForward, HaarInverse

    return torch.nn.Sequential(HaarForward(), HaarInverse())


SEGMENT = {"in_channels": 3, "out_channels": 4, "hiddens": [8, 16, 32], "device": "cpu"}

# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "dense_gat": (
        "fast_gat",
        "DenseGraphAttentionNetwork",
        {"depth": 3, "heads": 2, "input_dim": 32, "inner_dim": 16},
        "graph",
    ),
    "packed_deform_conv": (
        "dc1d",
        "PackedDeformConv1d",
        {
            "in_channels": 8,
            "out_channels": 16,
            "kernel_size": 3,
            "padding": "same",
            "offset_groups": 2,
            "modulated": True,
        },
        "signal",
    ),
    "strided_deform_conv": (
        "dc1d",
        "PackedDeformConv1d",
        {
            "in_channels": 8,
            "out_channels": 8,
            "kernel_size": 3,
            "stride": 2,
            "dilation": 2,
            "padding_mode": "zeros",
            "unconstrained": True,
        },
        "signal",
    ),
    "unet": ("segment_torch.unet", "UNet", {**SEGMENT, "dropouts": 0.1}, "image_x"),
    "attention_unet": ("segment_torch.attention_unet", "AttentionUNet", SEGMENT, "image_x"),
    "dcgan_generator": ("dcgan_pytorch", _dcgan, {"model_name": "g-cifar"}, "noise"),
    "dcgan_discriminator": ("dcgan_pytorch", _dcgan, {"model_name": "d-cifar"}, "image_64"),
    "arcface": (
        "metric_learning_layers",
        "ArcFace",
        {"in_features": 32, "out_features": 10, "num_sub_centers": 2, "margin": 0.3},
        "embeddings",
    ),
    "adacos": (
        "metric_learning_layers",
        "AdaCos",
        {"in_features": 32, "out_features": 10},
        "embeddings",
    ),
    "deep_ncm": (
        "metric_learning_layers",
        "DeepNCM",
        {"in_features": 32, "out_features": 10},
        "class_features",
    ),
    "haar_wavelet": ("haar_pytorch", _haar_round_trip, {}, "image_input"),
    "liquid_network": (
        "liquidnn",
        "LiquidNeuralNetwork",
        {"input_size": 32, "hidden_size": 16, "num_layers": 2},
        "features",
    ),
    "ltc_layer": (
        "liquidnn",
        "LTCLayer",
        {"input_size": 32, "hidden_size": 16, "num_layers": 2},
        "features",
    ),
    "liquid_lstm": (
        "liquidnn",
        "LiquidLSTM",
        {"input_size": 32, "hidden_size": 16, "num_layers_liq": 2},
        "features",
    ),
    "sublstm": (
        "subLSTM.nn",
        "SubLSTM",
        {
            "input_size": 32,
            "hidden_size": 16,
            "num_layers": 2,
            "batch_first": True,
        },
        "sequence",
    ),
    "ams_cenn": (
        "cenn_forecasting",
        "ams_cenn",
        {"n_series": 3, "input_size": 16, "h": 4, "hidden_dim": 16},
        "series_fixed",
    ),
    "patched_cenn": (
        "cenn_forecasting.model",
        "CeNNModel1D",
        {
            "n_features": 3,
            "seq_length": 16,
            "pred_length": 4,
            "hidden_dim": 16,
            "N": 2,
            "K": 2,
            "dropout": 0.1,
            "num_layers": 2,
            "dilation_schedule": "exponential",
            "integrator": "rk4",
            "cross_var": "star",
            "patch_len": 4,
            "stride": 2,
            "head_type": "mlp",
            "linear_skip": True,
            "revin": True,
            "revin_mode": "last_mad",
            "trunk_squash": True,
        },
        "series_fixed",
    ),
    "legacy_cenn": (
        "cenn_forecasting.legacy",
        "CeNNModel1D",
        {
            "n_features": 3,
            "seq_length": 16,
            "pred_length": 4,
            "hidden_dim": 16,
            "N": 1,
            "K": 3,
            "dropout": 0.1,
            "num_layers": 2,
            "adaptive_tau": True,
            "var_mix": True,
            "pointwise_mix": True,
        },
        "series_fixed",
    ),
    "mtst": (
        "mtst",
        "MTSTForecaster",
        {
            "input_dim": 3,
            "output_shape": (4, 2),
            "embed_dim": 16,
            "heads": 2,
            "n_layers": 1,
            "max_len": 64,
        },
        "series",
    ),
    "mtst_absolute": (
        "mtst",
        "MTSTForecaster",
        {
            "input_dim": 3,
            "output_shape": 4,
            "embed_dim": 16,
            "heads": 2,
            "n_layers": 2,
            "resolutions": (1, 3, 4),
            "max_len": 64,
            "positional_encoding": "absolute",
        },
        "series",
    ),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("arcface",)

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "graph":
        nodes = batch * seq
        edges = torch.rand(nodes, nodes, generator=gen) < 0.3
        return {
            "nodes": torch.randn(nodes, 32, generator=gen),
            "edge_mat": edges | torch.eye(nodes, dtype=torch.bool),
        }
    if kind == "signal":
        return {"input": torch.randn(batch, 8, 4 * seq, generator=gen)}
    if kind == "image_x":
        return {"x": torch.randn(batch, 3, 4 * seq, 4 * seq, generator=gen)}
    if kind == "noise":
        return {"inputs": torch.randn(batch, 100, 1, 1, generator=gen)}
    if kind == "image_64":
        return {"inputs": torch.randn(batch, 3, 64, 64, generator=gen)}
    if kind == "embeddings":
        return {
            "data": torch.randn(batch * seq, 32, generator=gen),
            "labels": torch.randint(0, 10, (batch * seq,), generator=gen),
        }
    if kind == "class_features":
        return {
            "x": torch.randn(batch * seq, 32, generator=gen),
            "labels": torch.randint(0, 10, (batch * seq,), generator=gen),
        }
    if kind == "image_input":
        return {"input": torch.randn(batch, 3, 4 * seq, 4 * seq, generator=gen)}
    if kind == "sequence":
        return {"input": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "series_fixed":
        return {"x": torch.randn(batch, 16, 3, generator=gen)}
    if kind == "series":
        return {"x": torch.randn(batch, 2 * seq, 3, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
