"""The ``fresh3`` corpus: a fifth held-back set of packages, held back for a blind first score.

The ``fresh2`` corpus has since been read for its misses, so this one takes its place as the
held-back generalisation figure: nobody reads its misses or tunes a rule on it before its first
score. Pure-PyTorch packages outside the dev corpora (``transformers``, ``pytorch``), the
``wider``, ``unseen``, ``fresh`` and ``fresh2`` corpora and the held-out list (timm, vit-pytorch,
x-transformers, diffusers, efficientnet-pytorch, transformers), by several authors: graph neural
networks (torch-geometric: GCN, GATv2, GraphSAGE), audio losses (auraloss: multi-resolution and
sum-and-difference STFT losses, SI-SDR), normalising flows (flowtorch), a focal loss
(focal-loss-torch), a linear-chain CRF (TorchCRF), clustering as a module (torch-kmeans: k-means
and soft k-means), a linear recurrent unit (LRU-pytorch), extended LSTMs (xlstm: an mLSTM and an
sLSTM block, the pure-PyTorch back-end), time-series mixers (pytorch-tsmixer) and lucidrains'
Point Transformer, Invariant Point Attention and Global Self-Attention (one package each).
Each model runs as ``NAME.eval``. No package code here runs otherwise in training (dropout is an
``nn.Dropout`` module or a ``training=`` flag, batch norm a torch module), so ``TRAINING`` is
empty: a train run would run the eval run's lines again. The pins are in setup_env.sh
(installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``graph`` (x: batch·seq nodes × 16 features, edge_index: 2 × 3·batch·seq random
edges), ``points`` (x: batch × seq × 32, pos: batch × seq × 3, mask), ``frames`` (x: batch × seq ×
32, pairwise_repr: batch × seq × seq × 8, rotations: batch × seq × 3 × 3 orthogonal, translations:
batch × seq × 3, mask), ``img`` (img: batch × 8 × seq × seq), ``crf_hidden`` (h: batch × seq × 5,
labels, mask), ``flow_samples`` (x: batch·seq × 4), ``cluster_points`` (x: batch × seq × 4),
``lru_input`` (input: batch × seq × 32), ``history`` (x_hist: batch × 8 × 3; the mixer's window is
fixed), ``history_ext`` (the same and x_extra_hist: batch × 8 × 2, x_extra_future: batch × 4 × 2,
x_static: batch × 2), ``class_probs`` (x: batch × seq × 5 probabilities, target: class ids, 0
ignored), ``waveform_pair`` (x, y: batch × 2 × 16·seq samples), ``waveforms`` (input, target: the
same).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "auraloss": "auraloss",
    "flowtorch": "flowtorch",
    "focal_loss": "focal-loss-torch",
    "gsa_pytorch": "gsa-pytorch",
    "invariant_point_attention": "invariant-point-attention",
    "LRU_pytorch": "LRU-pytorch",
    "point_transformer_pytorch": "point-transformer-pytorch",
    "torchtsmixer": "pytorch-tsmixer",
    "torch_geometric": "torch-geometric",
    "torch_kmeans": "torch-kmeans",
    "TorchCRF": "TorchCRF",
    "xlstm": "xlstm",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")
STFT = {"fft_sizes": [32, 64], "hop_sizes": [8, 16], "win_lengths": [32, 64]}


def _flow(**arguments: Any) -> Any:
    """A flow over 4-dimensional samples: an affine autoregressive layer, a fixed permutation and
    a rational-quadratic spline autoregressive layer, composed (flowtorch builds bijectors lazily:
    a ``Compose`` of them is called with the event shape)."""
    import flowtorch.bijectors as bij
    import torch

    return bij.Compose(
        [
            bij.AffineAutoregressive(),
            bij.Permute(permutation=torch.tensor(arguments["permutation"])),
            bij.SplineAutoregressive(count_bins=arguments["count_bins"]),
        ]
    )(shape=torch.Size([4]))


def _xlstm(**arguments: Any) -> Any:
    """An xLSTM stack of an mLSTM block and an sLSTM block (the sLSTM's pure-PyTorch ``vanilla``
    back-end; the default is its CUDA kernel)."""
    from xlstm import (
        FeedForwardConfig,
        mLSTMBlockConfig,
        mLSTMLayerConfig,
        sLSTMBlockConfig,
        sLSTMLayerConfig,
        xLSTMBlockStack,
        xLSTMBlockStackConfig,
    )

    heads = arguments["num_heads"]
    config = xLSTMBlockStackConfig(
        mlstm_block=mLSTMBlockConfig(
            mlstm=mLSTMLayerConfig(conv1d_kernel_size=4, qkv_proj_blocksize=4, num_heads=heads)
        ),
        slstm_block=sLSTMBlockConfig(
            slstm=sLSTMLayerConfig(backend="vanilla", num_heads=heads, conv1d_kernel_size=4),
            feedforward=FeedForwardConfig(proj_factor=1.3, act_fn="gelu"),
        ),
        context_length=arguments["context_length"],
        num_blocks=2,
        embedding_dim=32,
        slstm_at=[1],
    )
    return xLSTMBlockStack(config)


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "gcn": (
        "torch_geometric.nn.models",
        "GCN",
        {"in_channels": 16, "hidden_channels": 32, "num_layers": 2, "out_channels": 4},
        "graph",
    ),
    "gat": (
        "torch_geometric.nn.models",
        "GAT",
        {
            "in_channels": 16,
            "hidden_channels": 32,
            "num_layers": 2,
            "out_channels": 4,
            "heads": 2,
            "dropout": 0.1,
            "v2": True,
        },
        "graph",
    ),
    "graph_sage": (
        "torch_geometric.nn.models",
        "GraphSAGE",
        {
            "in_channels": 16,
            "hidden_channels": 32,
            "num_layers": 2,
            "out_channels": 4,
            "aggr": "max",
            "norm": "batch_norm",
            "jk": "cat",
        },
        "graph",
    ),
    "point_transformer": (
        "point_transformer_pytorch",
        "PointTransformerLayer",
        {"dim": 32, "pos_mlp_hidden_dim": 16, "attn_mlp_hidden_mult": 2, "num_neighbors": 4},
        "points",
    ),
    "multihead_point_transformer": (
        "point_transformer_pytorch",
        "MultiheadPointTransformerLayer",
        {"dim": 32, "heads": 2, "dim_head": 8, "num_neighbors": 4},
        "points",
    ),
    "ipa_block": (
        "invariant_point_attention",
        "IPABlock",
        {
            "dim": 32,
            "pairwise_repr_dim": 8,
            "heads": 2,
            "scalar_key_dim": 8,
            "scalar_value_dim": 8,
            "point_key_dim": 4,
            "point_value_dim": 4,
            "require_pairwise_repr": True,
            "post_norm": False,
        },
        "frames",
    ),
    "gsa": (
        "gsa_pytorch",
        "GSA",
        {"dim": 8, "rel_pos_length": 16, "heads": 2, "dim_key": 8, "norm_queries": True},
        "img",
    ),
    "torch_crf": ("TorchCRF", "CRF", {"num_labels": 5}, "crf_hidden"),
    "flow": ("flowtorch", _flow, {"permutation": [3, 2, 1, 0], "count_bins": 4}, "flow_samples"),
    "kmeans": (
        "torch_kmeans",
        "KMeans",
        {"n_clusters": 3, "num_init": 2, "max_iter": 10, "verbose": False},
        "cluster_points",
    ),
    "soft_kmeans": (
        "torch_kmeans",
        "SoftKMeans",
        {"n_clusters": 3, "num_init": 2, "max_iter": 10, "verbose": False},
        "cluster_points",
    ),
    "lru": (
        "LRU_pytorch",
        "LRU",
        {"in_features": 32, "out_features": 16, "state_features": 8},
        "lru_input",
    ),
    "xlstm": ("xlstm", _xlstm, {"num_heads": 2, "context_length": 64}, "features"),
    "tsmixer": (
        "torchtsmixer",
        "TSMixer",
        {
            "sequence_length": 8,
            "prediction_length": 4,
            "input_channels": 3,
            "output_channels": 2,
            "num_blocks": 2,
            "ff_dim": 16,
        },
        "history",
    ),
    "tsmixer_ext": (
        "torchtsmixer",
        "TSMixerExt",
        {
            "sequence_length": 8,
            "prediction_length": 4,
            "input_channels": 3,
            "extra_channels": 2,
            "hidden_channels": 16,
            "static_channels": 2,
            "ff_dim": 16,
            "output_channels": 2,
        },
        "history_ext",
    ),
    "focal_loss": (
        "focal_loss.focal_loss",
        "FocalLoss",
        {"gamma": 2.0, "ignore_index": 0},
        "class_probs",
    ),
    "multi_resolution_stft": (
        "auraloss.freq",
        "MultiResolutionSTFTLoss",
        STFT,
        "waveform_pair",
    ),
    "sum_difference_stft": (
        "auraloss.freq",
        "SumAndDifferenceSTFTLoss",
        STFT,
        "waveforms",
    ),
    "si_sdr": ("auraloss.time", "SISDRLoss", {}, "waveforms"),
}

# No model's package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ()

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    mask = torch.ones(batch, seq, dtype=torch.bool)
    mask[0, -2:] = False  # some padding, so mask handling runs
    if kind == "graph":
        nodes = batch * seq
        return {
            "x": torch.randn(nodes, 16, generator=gen),
            "edge_index": torch.randint(0, nodes, (2, 3 * nodes), generator=gen),
        }
    if kind == "points":
        return {
            "x": torch.randn(batch, seq, 32, generator=gen),
            "pos": torch.randn(batch, seq, 3, generator=gen),
            "mask": mask,
        }
    if kind == "frames":
        rotations = torch.linalg.qr(torch.randn(batch, seq, 3, 3, generator=gen))[0]
        return {
            "x": torch.randn(batch, seq, 32, generator=gen),
            "pairwise_repr": torch.randn(batch, seq, seq, 8, generator=gen),
            "rotations": rotations,
            "translations": torch.randn(batch, seq, 3, generator=gen),
            "mask": mask,
        }
    if kind == "img":
        return {"img": torch.randn(batch, 8, seq, seq, generator=gen)}
    if kind == "crf_hidden":
        return {
            "h": torch.randn(batch, seq, 5, generator=gen),
            "labels": torch.randint(0, 5, (batch, seq), generator=gen),
            "mask": mask,
        }
    if kind == "flow_samples":
        return {"x": torch.randn(batch * seq, 4, generator=gen)}
    if kind == "cluster_points":
        return {"x": torch.randn(batch, seq, 4, generator=gen)}
    if kind == "lru_input":
        return {"input": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "history":
        return {"x_hist": torch.randn(batch, 8, 3, generator=gen)}
    if kind == "history_ext":
        return {
            "x_hist": torch.randn(batch, 8, 3, generator=gen),
            "x_extra_hist": torch.randn(batch, 8, 2, generator=gen),
            "x_extra_future": torch.randn(batch, 4, 2, generator=gen),
            "x_static": torch.randn(batch, 2, generator=gen),
        }
    if kind == "class_probs":
        return {
            "x": torch.randn(batch, seq, 5, generator=gen).softmax(-1),
            "target": torch.randint(0, 5, (batch, seq), generator=gen),
        }
    if kind == "waveform_pair":
        return {
            "x": torch.randn(batch, 2, 16 * seq, generator=gen),
            "y": torch.randn(batch, 2, 16 * seq, generator=gen),
        }
    if kind == "waveforms":
        return {
            "input": torch.randn(batch, 2, 16 * seq, generator=gen),
            "target": torch.randn(batch, 2, 16 * seq, generator=gen),
        }
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
