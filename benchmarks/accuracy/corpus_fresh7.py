"""The ``fresh7`` corpus: a tenth held-back set of packages, held back for a blind first score.

Built like ``fresh6`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh6``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by ten authors (none of them lucidrains): manifold-constrained
layers through torch parametrizations (geotorch), the discrete cosine transform (torch-dct), a
two-pathway LSTM (cerebral-lstm), a DeepFM recommender (deep-rec), Bayesian layers sampling their
weights (blitz-bayesian-pytorch), NLP blocks (pytorch-nlp: attention, a CNN encoder, weight-drop
and locked dropout), speech TDNN layers (pytorch-tdnn), normalising flows (torchflows: Real NVP,
a rational-quadratic spline coupling flow, MAF), a configurable 1-D U-Net for audio diffusion
(a-unet) and displacement fields for image registration (torchfields, a tensor subclass).

Each model runs as ``NAME.eval``; the weight-drop LSTM and locked dropout also as ``NAME.train``
(``TRAINING``): only in training do they drop weights or draw a mask shared over time. No other
package code here runs otherwise in training (dropout is an ``nn.Dropout`` module); torchflows'
couplings initialise themselves from the first batch in training (state carried from one call to
the next), so they run in eval only. Blitz's layers draw their weights at every call from torch's
random state, which the ground truth seeds before each call. The pins are in setup_env.sh
(installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``vectors`` (input: batch × seq × 32), ``time_major`` (x: seq × batch × 32),
``ratings`` (user and item indices, users_features: batch·seq × 6, items_features: batch·seq × 5),
``image_bayes`` (x: batch × 3 × 2·seq × 2·seq), ``attention`` (query: batch × seq × 32,
context: batch × (seq − 3) × 32), ``tokens_embedded`` (tokens: batch × seq × 32, mask),
``lstm_input`` (input: batch × seq × 32), ``frames`` (x: batch × 32 × 2·seq), ``event`` (x:
batch·seq × 8), ``audio`` (x: batch × 2 × 8·seq), ``audio_time`` (x, and time: batch in [0, 1]),
``signal_1d`` (x: batch × 4 × 4·seq), ``image_dct`` (x: batch × 3 × seq × seq), ``warp`` (image:
batch × 3 × 2·seq × 2·seq, displacement: batch × 2 × 2·seq × 2·seq, small).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "a_unet": "a-unet",
    "blitz": "blitz-bayesian-pytorch",
    "cerebral_lstm": "cerebral-lstm",
    "deeprec": "deep-rec",
    "geotorch": "geotorch",
    "pytorch_tdnn": "pytorch-tdnn",
    "torch_dct": "torch-dct",
    "torchfields": "torchfields",
    "torchflows": "torchflows",
    "torchnlp": "pytorch-nlp",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _geotorch_stack(constraints: str) -> Any:
    """Three linear layers in a torch Sequential, their weights (and one bias) constrained by
    geotorch through torch parametrizations (the parametrizations are the package's code)."""
    import geotorch
    import torch

    first, second, third = (
        torch.nn.Linear(32, 32),
        torch.nn.Linear(32, 16),
        torch.nn.Linear(16, 16),
    )
    if constraints == "orthogonal":
        geotorch.orthogonal(first, "weight")
        geotorch.low_rank(second, "weight", 4)
        geotorch.positive_definite(third, "weight")
    else:
        geotorch.almost_orthogonal(first, "weight", 0.5)
        geotorch.sphere(first, "bias")
        geotorch.fixed_rank(second, "weight", 4)
        geotorch.invertible(third, "weight")
    return torch.nn.Sequential(first, torch.nn.Tanh(), second, torch.nn.Tanh(), third)


def _deepfm(**arguments: Any) -> Any:
    """deep-rec's DeepFM, whose forward takes one dict of the four fields, behind a module of
    this file that builds the dict (a pass-through)."""
    import torch
    from deeprec.models.deepfm import DeepFactorizationMachineModel

    class Ratings(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = DeepFactorizationMachineModel(**arguments)

        def forward(self, user: Any, item: Any, users_features: Any, items_features: Any) -> Any:
            return self.model(
                {
                    "user": user,
                    "item": item,
                    "users_features": users_features,
                    "items_features": items_features,
                }
            )

    return Ratings()


def _blitz_mlp(**arguments: Any) -> Any:
    """Two blitz Bayesian linear layers in a torch Sequential."""
    import torch
    from blitz.modules import BayesianLinear

    return torch.nn.Sequential(
        BayesianLinear(32, 16, **arguments), torch.nn.ReLU(), BayesianLinear(16, 4, **arguments)
    )


def _tdnnf(**arguments: Any) -> Any:
    """pytorch-tdnn's factorised TDNN behind a module of this file that calls it without the
    semi-orthogonal step (which, on by default, rewrites the weights at each call)."""
    import torch
    from pytorch_tdnn import TDNNF

    class Factorised(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.tdnnf = TDNNF(**arguments)

        def forward(self, x: Any) -> Any:
            return self.tdnnf(x, semi_ortho_step=False)

    return Factorised()


def _flow_log_prob(**arguments: Any) -> Any:
    """A torchflows Real NVP bijection in the package's Flow (a standard normal base) behind a
    module of this file that returns the log-density of the samples (a pass-through)."""
    import torch
    from torchflows.bijections.finite.autoregressive.architectures import RealNVP
    from torchflows.flows import Flow

    class LogDensity(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.flow = Flow(RealNVP(**arguments))

        def forward(self, x: Any) -> Any:
            return self.flow.log_prob(x)

    return LogDensity()


def _xunet(time_conditioning: bool) -> Any:
    """a-unet's XUNet, 1-D, of two blocks (resnet items, then resnet, attention and, with time
    conditioning, modulation items; skips by concatenation); with ``time_conditioning`` inside
    the package's TimeConditioningPlugin (a number embedder and MLP feeding the modulation)."""

    def factory(**arguments: Any) -> Any:
        from a_unet import TimeConditioningPlugin
        from a_unet.apex import AttentionItem, ModulationItem, ResnetItem, SkipCat, XBlock, XUNet

        inner = [ResnetItem, AttentionItem]
        if time_conditioning:
            inner = [ResnetItem, ModulationItem, AttentionItem]
        blocks = [
            XBlock(channels=8, factor=2, items=[ResnetItem, ResnetItem]),
            XBlock(channels=16, factor=2, items=inner),
        ]
        net = TimeConditioningPlugin(XUNet) if time_conditioning else XUNet
        return net(blocks=blocks, skip_t=SkipCat, **arguments)

    return factory


def _dct_round_trip(dimensions: int) -> Any:
    """torch-dct's transform and its inverse (functions, not modules) behind a module of this
    file: 1-D without normalisation, or 2-D orthonormal (a pass-through)."""

    def factory() -> Any:
        import torch
        import torch_dct

        # One class per form, so that the scripted forward reads no closed-over value.
        class RoundTrip1d(torch.nn.Module):
            def forward(self, x: Any) -> Any:
                coefficients = torch_dct.dct(x)
                return coefficients, torch_dct.idct(coefficients)

        class RoundTrip2d(torch.nn.Module):
            def forward(self, x: Any) -> Any:
                coefficients = torch_dct.dct_2d(x, norm="ortho")
                return coefficients, torch_dct.idct_2d(coefficients, norm="ortho")

        return RoundTrip1d() if dimensions == 1 else RoundTrip2d()

    return factory


def _warp() -> Any:
    """torchfields' displacement field (a tensor subclass): the displacement, given in pixels, is
    made a field, converted to the grid's units and used to warp the image, then composed with
    itself and upsampled (a pass-through module of this file)."""
    import torch
    import torchfields  # noqa: F401  (registers Tensor.field_)

    class Warp(torch.nn.Module):
        def forward(self, image: Any, displacement: Any) -> Any:
            field = displacement.field_().from_pixels()
            warped = field.sample(image)
            composed = field.compose_with(field)
            return warped, composed.up().tensor()

    return Warp()


UNET = {"dim": 1, "in_channels": 2, "attention_features": 8, "attention_heads": 2}

# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "geotorch_orthogonal": (
        "geotorch",
        _geotorch_stack,
        {"constraints": "orthogonal"},
        "vectors",
    ),
    "geotorch_fixed_rank": (
        "geotorch",
        _geotorch_stack,
        {"constraints": "fixed_rank"},
        "vectors",
    ),
    "cerebral_lstm": (
        "cerebral_lstm",
        "CerebralLSTM",
        {"input_size": 32, "hidden_size": 16, "num_layers": 2, "dropout": 0.1},
        "time_major",
    ),
    "deepfm": (
        "deeprec.models.deepfm",
        _deepfm,
        {
            "users_dim": 20,
            "items_dim": 30,
            "user_feature_dim": 6,
            "item_feature_dim": 5,
            "embed_dim": 8,
            "mlp_dims": (16, 8),
            "dropout": 0.1,
        },
        "ratings",
    ),
    "bayesian_mlp": ("blitz.modules", _blitz_mlp, {}, "vectors"),
    "bayesian_lstm": (
        "blitz.modules",
        "BayesianLSTM",
        {"in_features": 32, "out_features": 16},
        "features",
    ),
    "bayesian_lstm_frozen": (
        "blitz.modules",
        "BayesianLSTM",
        {"in_features": 32, "out_features": 16, "freeze": True, "peephole": True},
        "features",
    ),
    "bayesian_gru": (
        "blitz.modules",
        "BayesianGRU",
        {"in_features": 32, "out_features": 16},
        "features",
    ),
    "bayesian_conv": (
        "blitz.modules",
        "BayesianConv2d",
        {"in_channels": 3, "out_channels": 8, "kernel_size": (3, 3), "padding": 1},
        "image_bayes",
    ),
    "general_attention": ("torchnlp.nn", "Attention", {"dimensions": 32}, "attention"),
    "dot_attention": (
        "torchnlp.nn",
        "Attention",
        {"dimensions": 32, "attention_type": "dot"},
        "attention",
    ),
    "cnn_encoder": (
        "torchnlp.nn",
        "CNNEncoder",
        {"embedding_dim": 32, "num_filters": 8, "ngram_filter_sizes": (2, 3), "output_dim": 16},
        "tokens_embedded",
    ),
    "weight_drop_lstm": (
        "torchnlp.nn",
        "WeightDropLSTM",
        {"input_size": 32, "hidden_size": 16, "batch_first": True, "weight_dropout": 0.2},
        "lstm_input",
    ),
    "locked_dropout": ("torchnlp.nn", "LockedDropout", {"p": 0.3}, "time_major"),
    "tdnn": (
        "pytorch_tdnn",
        "TDNN",
        {"input_dim": 32, "output_dim": 16, "context": [-2, 0, 2]},
        "frames",
    ),
    "tdnnf": (
        "pytorch_tdnn",
        _tdnnf,
        {"input_dim": 32, "output_dim": 16, "bottleneck_dim": 8, "time_stride": 1},
        "frames",
    ),
    "realnvp_log_prob": ("torchflows.flows", _flow_log_prob, {"event_shape": (8,)}, "event"),
    "spline_coupling": (
        "torchflows.bijections.finite.autoregressive.architectures",
        "CouplingRQNSF",
        {"event_shape": (8,)},
        "event",
    ),
    "maf": (
        "torchflows.bijections.finite.autoregressive.architectures",
        "MAF",
        {"event_shape": (8,)},
        "event",
    ),
    "xunet": ("a_unet.apex", _xunet(False), {**UNET, "resnet_groups": 4}, "audio"),
    "xunet_time": (
        "a_unet.apex",
        _xunet(True),
        {**UNET, "resnet_groups": 4, "modulation_features": 16},
        "audio_time",
    ),
    "dct_1d": ("torch_dct", _dct_round_trip(1), {}, "signal_1d"),
    "dct_2d": ("torch_dct", _dct_round_trip(2), {}, "image_dct"),
    "field_warp": ("torchfields", _warp, {}, "warp"),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("weight_drop_lstm", "locked_dropout")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "vectors":
        return {"input": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "time_major":
        return {"x": torch.randn(seq, batch, 32, generator=gen)}
    if kind == "ratings":
        rows = batch * seq
        return {
            "user": torch.randint(0, 20, (rows,), generator=gen),
            "item": torch.randint(0, 30, (rows,), generator=gen),
            "users_features": torch.randn(rows, 6, generator=gen),
            "items_features": torch.randn(rows, 5, generator=gen),
        }
    if kind == "image_bayes":
        return {"x": torch.randn(batch, 3, 2 * seq, 2 * seq, generator=gen)}
    if kind == "attention":
        return {
            "query": torch.randn(batch, seq, 32, generator=gen),
            "context": torch.randn(batch, seq - 3, 32, generator=gen),
        }
    if kind == "tokens_embedded":
        mask = torch.ones(batch, seq)
        mask[0, -2:] = 0.0
        return {"tokens": torch.randn(batch, seq, 32, generator=gen), "mask": mask}
    if kind == "lstm_input":
        return {"input": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "frames":
        return {"x": torch.randn(batch, 32, 2 * seq, generator=gen)}
    if kind == "event":
        return {"x": torch.randn(batch * seq, 8, generator=gen)}
    if kind == "audio":
        return {"x": torch.randn(batch, 2, 8 * seq, generator=gen)}
    if kind == "audio_time":
        return {
            "x": torch.randn(batch, 2, 8 * seq, generator=gen),
            "time": torch.rand(batch, generator=gen),
        }
    if kind == "signal_1d":
        return {"x": torch.randn(batch, 4, 4 * seq, generator=gen)}
    if kind == "image_dct":
        return {"x": torch.randn(batch, 3, seq, seq, generator=gen)}
    if kind == "warp":
        size = 2 * seq
        return {
            "image": torch.randn(batch, 3, size, size, generator=gen),
            "displacement": torch.randn(batch, 2, size, size, generator=gen),
        }
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
