"""The ``fresh2`` corpus: a fourth held-back set of packages, held back for a blind first score.

The ``fresh`` corpus has since been read for its misses, so this one takes its place as the
held-back generalisation figure: nobody reads its misses or tunes a rule on it before its first
score. Pure-PyTorch packages outside the dev corpora (``transformers``, ``pytorch``), the
``wider``, ``unseen`` and ``fresh`` corpora and the held-out list (timm, vit-pytorch,
x-transformers, diffusers, efficientnet-pytorch, transformers), by several authors: optimal
transport losses (geomloss), simple recurrent units (sru), DropBlock regularisation (dropblock),
click-through-rate models (torchfm), a contrastive loss (info-nce-pytorch), differentiable
sorting networks (diffsort), N-BEATS forecasting (nbeats-pytorch), sinusoidal positional
encodings (positional-encodings), Bayesian layers (torchbnn), deep equilibrium models (torchdeq),
a retention network (yet-another-retnet) and lucidrains' SIREN, Bottleneck Transformer and Lie
Transformer (one package each).
Each model runs as ``NAME.eval``, and those whose code runs otherwise in training (``TRAINING``:
SRU's dropout masks, DropBlock, the Lie Transformer's ball radius update, Bayesian batch norm's
statistics, the DEQ's training trajectory) also as ``NAME.train``, as in the unseen and fresh
corpora (both under ``torch.no_grad()``, the same seeded weights). The pins are in setup_env.sh
(installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``point_clouds`` (x, y: batch × seq × 3 samples), ``sru_input`` (input: seq ×
batch × 32, sequence first, and mask_pad: seq × batch, padding at the end of the first
sequence), ``fields`` (x: batch × 4 categorical field indices, field sizes 3, 5, 7, 4),
``coords`` (x: batch·seq × 2 coordinates), ``siren_image`` (img: 1 × 3 × 8 × 8 and latent: 16;
the wrapper's image size is fixed), ``fmap_fixed`` (x: batch × 8 × 8 × 8; the Bottleneck
Transformer's feature map size is fixed), ``point_cloud`` (feats: batch × seq × 16, coors: batch ×
seq × 3, mask), ``contrastive`` (query, positive_key: batch × 32, negative_keys: batch × seq ×
32), ``sort_vectors`` (vectors: batch × 8; the sorting network's size is fixed), ``backcast``
(backcast: batch × 8; N-BEATS' window is fixed), ``channels_last_1d`` (tensor: batch × seq × 32),
``channels_last_2d`` (tensor: batch × seq × seq × 8), ``image_input`` (input: batch × 8 × seq ×
seq, an ``nn.Sequential``), ``tokens_labels`` (inputs and labels: token ids, batch × seq).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "bottleneck_transformer_pytorch": "bottleneck-transformer-pytorch",
    "diffsort": "diffsort",
    "dropblock": "dropblock",
    "geomloss": "geomloss",
    "info_nce": "info-nce-pytorch",
    "lie_transformer_pytorch": "lie-transformer-pytorch",
    "nbeats_pytorch": "nbeats-pytorch",
    "positional_encodings": "positional-encodings",
    "siren_pytorch": "siren-pytorch",
    "sru": "sru",
    "torchbnn": "torchbnn",
    "torchdeq": "torchdeq",
    "torchfm": "torchfm",
    "yet_another_retnet": "yet-another-retnet",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")
FIELD_DIMS = [3, 5, 7, 4]


def _samples_loss(**arguments: Any) -> Any:
    """geomloss' ``SamplesLoss`` between two point clouds. Its ``forward(*args)`` takes no
    keywords, so a module of this file names the two inputs and holds the loss as a submodule
    (a pass-through, no code of its own; script's per-class run checks the loss on its own)."""
    import torch
    from geomloss import SamplesLoss

    class PairLoss(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.loss = SamplesLoss(**arguments)

        def forward(self, x: Any, y: Any) -> Any:
            return self.loss(x, y)

    return PairLoss()


def _siren(**arguments: Any) -> Any:
    from siren_pytorch import SirenNet

    return SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=3, **arguments)


def _siren_wrapper(**arguments: Any) -> Any:
    """SIREN over a fixed 8 × 8 grid, modulated by a latent vector, returning the MSE against an
    image (the wrapper's training objective)."""
    from siren_pytorch import SirenNet, SirenWrapper

    net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=3)
    return SirenWrapper(net, **arguments)


def _pos_1d(**arguments: Any) -> Any:
    from positional_encodings.torch_encodings import PositionalEncoding1D, Summer

    return Summer(PositionalEncoding1D(**arguments))


def _bayes_cnn(**arguments: Any) -> Any:
    """A Bayesian convolution, Bayesian batch norm, pooling and a Bayesian linear head, in an
    ``nn.Sequential`` (torchbnn's layers sample their weights at every call)."""
    import torch
    import torchbnn as bnn

    prior = {"prior_mu": 0.0, "prior_sigma": arguments["prior_sigma"]}
    return torch.nn.Sequential(
        bnn.BayesConv2d(**prior, in_channels=8, out_channels=8, kernel_size=3, padding=1),
        bnn.BayesBatchNorm2d(**prior, num_features=8),
        torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1),
        torch.nn.Flatten(),
        bnn.BayesLinear(**prior, in_features=8, out_features=4),
    )


def _deq(**arguments: Any) -> Any:
    """A deep equilibrium layer: z = tanh(W z + U x), solved by torchdeq (its solver and its
    training trajectory are the package's code; the layer itself is this small module)."""
    import torch
    from torchdeq import get_deq

    class DEQLayer(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inject = torch.nn.Linear(32, 32)
            self.f = torch.nn.Linear(32, 32)
            self.deq = get_deq(**arguments)

        def forward(self, x: Any) -> Any:
            u = self.inject(x)
            states, _ = self.deq(lambda z: torch.tanh(self.f(z) + u), torch.zeros_like(u))
            return states[-1]

    return DEQLayer()


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "sinkhorn": (
        "geomloss",
        _samples_loss,
        {"loss": "sinkhorn", "p": 2, "blur": 0.1, "scaling": 0.5, "backend": "tensorized"},
        "point_clouds",
    ),
    "gaussian_mmd": (
        "geomloss",
        _samples_loss,
        {"loss": "gaussian", "blur": 0.5, "backend": "tensorized"},
        "point_clouds",
    ),
    "sru": (
        "sru",
        "SRU",
        {
            "input_size": 32,
            "hidden_size": 16,
            "num_layers": 2,
            "dropout": 0.0,  # the cell's dropout mask needs autograd: no_grad rejects it
            "rnn_dropout": 0.1,
            "bidirectional": True,
            "layer_norm": True,
        },
        "sru_input",
    ),
    "dropblock": ("dropblock", "DropBlock2D", {"drop_prob": 0.2, "block_size": 3}, "image_chw"),
    "xdeepfm": (
        "torchfm.model.xdfm",
        "ExtremeDeepFactorizationMachineModel",
        {
            "field_dims": FIELD_DIMS,
            "embed_dim": 8,
            "mlp_dims": (16,),
            "dropout": 0.1,
            "cross_layer_sizes": (8, 8),
        },
        "fields",
    ),
    "afn": (
        "torchfm.model.afn",
        "AdaptiveFactorizationNetwork",
        {
            "field_dims": FIELD_DIMS,
            "embed_dim": 8,
            "LNN_dim": 4,
            "mlp_dims": (16,),
            "dropouts": (0.1, 0.1),
        },
        "fields",
    ),
    "autoint": (
        "torchfm.model.afi",
        "AutomaticFeatureInteractionModel",
        {
            "field_dims": FIELD_DIMS,
            "embed_dim": 8,
            "atten_embed_dim": 8,
            "num_heads": 2,
            "num_layers": 2,
            "mlp_dims": (16,),
            "dropouts": (0.1, 0.1),
        },
        "fields",
    ),
    "siren": ("siren_pytorch", _siren, {"w0_initial": 30.0}, "coords"),
    "siren_wrapper": (
        "siren_pytorch",
        _siren_wrapper,
        {"image_width": 8, "image_height": 8, "latent_dim": 16},
        "siren_image",
    ),
    "bottleneck_stack": (
        "bottleneck_transformer_pytorch",
        "BottleStack",
        {
            "dim": 8,
            "fmap_size": 8,
            "dim_out": 32,
            "proj_factor": 2,
            "downsample": True,
            "heads": 2,
            "dim_head": 8,
            "rel_pos_emb": True,
            "num_layers": 2,
        },
        "fmap_fixed",
    ),
    "lie_transformer": (
        "lie_transformer_pytorch",
        "LieTransformer",
        {"dim": 16, "depth": 1, "heads": 2, "dim_head": 8, "nbhd": 4, "liftsamples": 2},
        "point_cloud",
    ),
    "info_nce": ("info_nce", "InfoNCE", {"negative_mode": "paired"}, "contrastive"),
    "diffsort": (
        "diffsort",
        "DiffSortNet",
        {"sorting_network_type": "bitonic", "size": 8, "steepness": 10.0},
        "sort_vectors",
    ),
    "nbeats": (
        "nbeats_pytorch.model",
        "NBeatsNet",
        {
            "stack_types": ("trend", "seasonality", "generic"),
            "nb_blocks_per_stack": 1,
            "forecast_length": 4,
            "backcast_length": 8,
            "thetas_dim": (4, 4, 8),
            "hidden_layer_units": 16,
        },
        "backcast",
    ),
    "pos_enc_1d": ("positional_encodings", _pos_1d, {"channels": 32}, "channels_last_1d"),
    "pos_enc_2d": (
        "positional_encodings.torch_encodings",
        "PositionalEncoding2D",
        {"channels": 8},
        "channels_last_2d",
    ),
    "bayes_cnn": ("torchbnn", _bayes_cnn, {"prior_sigma": 0.1}, "image_input"),
    "deq": (
        "torchdeq",
        _deq,
        {"f_solver": "anderson", "f_max_iter": 8, "f_tol": 1e-4, "n_states": 2},
        "features",
    ),
    "retnet": (
        "yet_another_retnet.retnet",
        "RetNet",
        {
            "num_tokens": 99,
            "d_model": 32,
            "nhead": 2,
            "num_layers": 2,
            "dim_feedforward": 64,
            "dropout": 0.1,
        },
        "tokens_labels",
    ),
}

# The models whose code runs otherwise in train mode: SRU's dropout masks (its own code),
# DropBlock (the identity in eval), the Lie Transformer's ball radius update, Bayesian batch
# norm's batch statistics and the DEQ's training trajectory (``n_states``). The others' dropout
# is an ``nn.Dropout`` module or a ``training=`` flag: their package code runs the same lines.
TRAINING = ("sru", "dropblock", "lie_transformer", "bayes_cnn", "deq")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "point_clouds":
        return {
            "x": torch.randn(batch, seq, 3, generator=gen),
            "y": torch.randn(batch, seq, 3, generator=gen) + 0.5,
        }
    if kind == "sru_input":
        mask_pad = torch.zeros(seq, batch, dtype=torch.bool)
        mask_pad[-2:, 0] = True  # the first sequence ends in padding
        return {"input": torch.randn(seq, batch, 32, generator=gen), "mask_pad": mask_pad}
    if kind == "fields":
        columns = [torch.randint(0, n, (batch,), generator=gen) for n in FIELD_DIMS]
        return {"x": torch.stack(columns, dim=1)}
    if kind == "coords":
        return {"x": torch.rand(batch * seq, 2, generator=gen) * 2 - 1}
    if kind == "siren_image":
        return {
            "img": torch.rand(1, 3, 8, 8, generator=gen),
            "latent": torch.randn(16, generator=gen),
        }
    if kind == "fmap_fixed":
        return {"x": torch.randn(batch, 8, 8, 8, generator=gen)}
    if kind == "point_cloud":
        mask = torch.ones(batch, seq, dtype=torch.bool)
        mask[0, -2:] = False
        return {
            "feats": torch.randn(batch, seq, 16, generator=gen),
            "coors": torch.randn(batch, seq, 3, generator=gen),
            "mask": mask,
        }
    if kind == "contrastive":
        return {
            "query": torch.randn(batch, 32, generator=gen),
            "positive_key": torch.randn(batch, 32, generator=gen),
            "negative_keys": torch.randn(batch, seq, 32, generator=gen),
        }
    if kind == "sort_vectors":
        return {"vectors": torch.randn(batch, 8, generator=gen)}
    if kind == "backcast":
        return {"backcast": torch.randn(batch, 8, generator=gen)}
    if kind == "channels_last_1d":
        return {"tensor": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "channels_last_2d":
        return {"tensor": torch.randn(batch, seq, seq, 8, generator=gen)}
    if kind == "image_input":
        return {"input": torch.randn(batch, 8, seq, seq, generator=gen)}
    if kind == "tokens_labels":
        return {
            "inputs": torch.randint(0, 99, (batch, seq), generator=gen),
            "labels": torch.randint(0, 99, (batch, seq), generator=gen),
        }
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
