"""The ``fresh4`` corpus: a sixth held-back set of packages, held back for a blind first score.

Built like ``fresh3`` (which it follows as the held-back generalisation figure, once ``fresh3``
has been scored and read): nobody reads its misses or tunes a rule on it before its first score.
Pure-PyTorch packages outside the dev corpora (``transformers``, ``pytorch``), the ``wider``,
``unseen``, ``fresh``, ``fresh2`` and ``fresh3`` corpora and the held-out list (timm, vit-pytorch,
x-transformers, diffusers, efficientnet-pytorch, transformers), by several authors: a 2-D U-Net
(unet), normalising flows (zuko: a neural spline flow with context, an unconstrained neural
autoregressive flow), a pure-PyTorch selective state-space model (minimamba: a causal language
model and a sequence classifier), point clouds (pointnet: PointNet and PointNet++ segmentation,
with farthest-point sampling and ball queries in PyTorch), structured prediction (torch-struct:
linear-chain, semi-Markov and span-tree CRFs over semirings), involution (a vision block),
non-negative matrix factor deconvolution (torchnmf: 1-D and 2-D) and lucidrains' Graph
Transformer, Mixture of Attention (routed and autoregressive routed) and Slot Attention (plain,
multi-head, adaptive). Each model runs as ``NAME.eval``; the unconstrained flow also as
``NAME.train`` (``TRAINING``): zuko's monotonic networks hand their own parameters to the
numerical integration only in training. No other package code here runs otherwise in training
(dropout is an ``nn.Dropout`` module, batch norm a torch module; the adaptive slot wrapper's
Gumbel noise is drawn in both modes): a train run of the others would run the eval run's lines
again. The pins are in setup_env.sh (installed with ``--no-deps``: none of
them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``graph_dense`` (nodes: batch × seq × 32, edges: batch × seq × seq × 8,
adj_mat: batch × seq × seq booleans, mask), ``routed`` (x: batch × seq × 32, mask), ``sequence``
(x: batch × seq × 32), ``slot_inputs`` (inputs: batch × seq × 32), ``slot_x`` (x: the same),
``input_ids`` (input_ids: batch × seq tokens), ``input_ids_mask`` (the same and attention_mask),
``point_cloud`` (x: batch × 3 × 4·seq points), ``point_cloud_xyz`` (x: batch × 3 × 4·seq
features, xyz: batch × 3 × 4·seq coordinates), ``chain_potentials`` (log_potentials: batch ×
(seq − 1) × 5 × 5, lengths: seq, seq − 2, ...), ``segment_potentials`` (log_potentials: batch ×
(seq − 1) × 3 segment lengths × 4 × 4, lengths), ``span_potentials`` (log_potentials: batch × seq × seq × 3, lengths),
``activations`` (H: batch × 4 × 2·seq, non-negative), ``activations_2d`` (H: batch × 4 × seq ×
seq, non-negative), ``volume`` (x: batch × 1 × 4·seq × 4·seq), ``flow_context`` (x: batch·seq ×
4, c: batch·seq × 2), ``flow_x`` (x: batch·seq × 3).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "graph_transformer_pytorch": "graph-transformer-pytorch",
    "involution_pytorch": "involution-pytorch",
    "minimamba": "minimamba",
    "mixture_of_attention": "mixture-of-attention",
    "pointnet": "pointnet",
    "slot_attention": "slot-attention",
    "torch_struct": "torch-struct",
    "torchnmf": "torchnmf",
    "unet": "unet",
    "zuko": "zuko",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _mamba_lm(**arguments: Any) -> Any:
    """minimamba's causal language model from a small config (its scan is sequential up to 8
    steps, a parallel scan up to 128: inputs A and B take different paths)."""
    from minimamba import MambaForCausalLM, MambaLMConfig

    return MambaForCausalLM(MambaLMConfig(device="cpu", **arguments))


def _mamba_classifier(**arguments: Any) -> Any:
    """minimamba's sequence classifier, pooling the last unmasked token."""
    from minimamba import MambaClassificationConfig, MambaForSequenceClassification

    return MambaForSequenceClassification(MambaClassificationConfig(device="cpu", **arguments))


def _struct(distribution: str) -> Any:
    """A torch-struct distribution (not a module) behind a module of this file: the partition
    function, and with ``viterbi`` the best structure's score (a pass-through: the dynamic
    programs are the package's code)."""

    def factory(**arguments: Any) -> Any:
        import torch
        import torch_struct

        cls = getattr(torch_struct, distribution)

        class Structured(torch.nn.Module):
            def forward(self, log_potentials: Any, lengths: Any) -> Any:
                dist = cls(log_potentials, lengths=lengths)
                if arguments.get("viterbi"):
                    return dist.partition, dist.max
                return dist.partition

        return Structured()

    return factory


def _flow(flow: str) -> Any:
    """A zuko flow (a module whose call, given the context, returns a distribution) behind a
    module of this file that returns the log-density of the samples (a pass-through)."""

    def factory(**arguments: Any) -> Any:
        import torch
        import zuko

        class LogDensity(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.flow = getattr(zuko.flows, flow)(**arguments)

        if arguments.get("context"):

            class WithContext(LogDensity):
                def forward(self, x: Any, c: Any) -> Any:
                    return self.flow(c).log_prob(x)

            return WithContext()

        class WithoutContext(LogDensity):
            def forward(self, x: Any) -> Any:
                return self.flow().log_prob(x)

        return WithoutContext()

    return factory


def _adaptive_slots(**arguments: Any) -> Any:
    from slot_attention import AdaptiveSlotWrapper, SlotAttention

    return AdaptiveSlotWrapper(SlotAttention(**arguments), temperature=0.5)


def _nmf(cls: str, shape: tuple[int, ...]) -> Any:
    """A torchnmf module with a fixed template W of ``shape``; the activations H are the input."""

    def factory(**arguments: Any) -> Any:
        import torchnmf.nmf

        return getattr(torchnmf.nmf, cls)(W=shape, **arguments)

    return factory


ROUTED = {
    "dim": 32,
    "num_routed_queries": 4,
    "num_routed_key_values": 4,
    "num_experts": 2,
    "dim_head": 8,
    "heads": 2,
    "use_triton": False,
    "flash_attn": False,
}
SLOTS = {"num_slots": 3, "dim": 32, "iters": 2, "hidden_dim": 32}

# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "graph_transformer": (
        "graph_transformer_pytorch",
        "GraphTransformer",
        {
            "dim": 32,
            "depth": 2,
            "edge_dim": 8,
            "dim_head": 8,
            "heads": 2,
            "with_feedforwards": True,
            "norm_edges": True,
            "rel_pos_emb": True,
            "accept_adjacency_matrix": True,
        },
        "graph_dense",
    ),
    "involution": (
        "involution_pytorch.involution_pytorch",
        "Inv2d",
        {"channels": 8, "kernel_size": 3, "stride": 2, "group_ch": 4},
        "image_chw",
    ),
    "mamba_lm": (
        "minimamba",
        _mamba_lm,
        {"d_model": 32, "n_layer": 2, "d_state": 8, "vocab_size": 100},
        "input_ids",
    ),
    "mamba_classifier": (
        "minimamba",
        _mamba_classifier,
        {"d_model": 32, "n_layer": 2, "d_state": 8, "num_labels": 3, "pooling_strategy": "last"},
        "input_ids_mask",
    ),
    "mixture_of_attention": (
        "mixture_of_attention",
        "MixtureOfAttention",
        ROUTED,
        "routed",
    ),
    "autoregressive_mixture_of_attention": (
        "mixture_of_attention",
        "MixtureOfAutoregressiveAttention",
        {
            **ROUTED,
            "num_routed_queries": 2,
            "num_routed_key_values": 2,
            "local_attn_window_size": 4,
        },
        "sequence",
    ),
    "slot_attention": ("slot_attention", "SlotAttention", SLOTS, "slot_inputs"),
    "multi_head_slot_attention": (
        "slot_attention",
        "MultiHeadSlotAttention",
        {"num_slots": 3, "dim": 32, "heads": 2, "dim_head": 8, "iters": 2},
        "slot_inputs",
    ),
    "adaptive_slot_attention": ("slot_attention", _adaptive_slots, SLOTS, "slot_x"),
    "pointnet_seg": (
        "pointnet",
        "PointNetSeg",
        {"in_dim": 3, "out_dim": 4},
        "point_cloud",
    ),
    "pointnet2_seg": (
        "pointnet",
        "PointNet2SegSSG",
        {"in_dim": 3, "out_dim": 4, "k": 4, "downsample_points": (16, 8, 4, 3)},
        "point_cloud_xyz",
    ),
    "linear_chain_crf": (
        "torch_struct",
        _struct("LinearChainCRF"),
        {"viterbi": True},
        "chain_potentials",
    ),
    "semi_markov_crf": ("torch_struct", _struct("SemiMarkovCRF"), {}, "segment_potentials"),
    "tree_crf": ("torch_struct", _struct("TreeCRF"), {}, "span_potentials"),
    "nmfd": ("torchnmf", _nmf("NMFD", (16, 4, 3)), {}, "activations"),
    "nmf2d": ("torchnmf", _nmf("NMF2D", (2, 4, 3, 3)), {}, "activations_2d"),
    "unet": (
        "unet",
        "UNet",
        {
            "in_channels": 1,
            "out_classes": 2,
            "dimensions": 2,
            "num_encoding_blocks": 3,
            "out_channels_first_layer": 8,
            "normalization": "batch",
            "upsampling_type": "linear",
            "residual": True,
            "preactivation": True,
            "padding": 1,
            "dropout": 0.1,
        },
        "volume",
    ),
    "spline_flow": (
        "zuko",
        _flow("NSF"),
        {"features": 4, "context": 2, "transforms": 2, "hidden_features": [16, 16]},
        "flow_context",
    ),
    "unconstrained_flow": (
        "zuko",
        _flow("UNAF"),
        {"features": 3, "transforms": 2, "signal": 4, "hidden_features": [16]},
        "flow_x",
    ),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("unconstrained_flow",)

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
    lengths = torch.full((batch,), seq, dtype=torch.long)
    lengths[1] = seq - 2  # one shorter sequence, so length masking runs
    if kind == "graph_dense":
        return {
            "nodes": torch.randn(batch, seq, 32, generator=gen),
            "edges": torch.randn(batch, seq, seq, 8, generator=gen),
            "adj_mat": torch.rand(batch, seq, seq, generator=gen) > 0.5,
            "mask": mask,
        }
    if kind == "routed":
        return {"x": torch.randn(batch, seq, 32, generator=gen), "mask": mask}
    if kind == "sequence":
        return {"x": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "slot_inputs":
        return {"inputs": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "slot_x":
        return {"x": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "input_ids":
        return {"input_ids": torch.randint(0, 100, (batch, seq), generator=gen)}
    if kind == "input_ids_mask":
        return {
            "input_ids": torch.randint(0, 100, (batch, seq), generator=gen),
            "attention_mask": mask,
        }
    if kind == "point_cloud":
        return {"x": torch.rand(batch, 3, 4 * seq, generator=gen)}
    if kind == "point_cloud_xyz":
        return {
            "x": torch.randn(batch, 3, 4 * seq, generator=gen),
            "xyz": torch.rand(batch, 3, 4 * seq, generator=gen),
        }
    if kind == "chain_potentials":
        return {
            "log_potentials": torch.randn(batch, seq - 1, 5, 5, generator=gen),
            "lengths": lengths,
        }
    if kind == "segment_potentials":
        return {
            "log_potentials": torch.randn(batch, seq - 1, 3, 4, 4, generator=gen),
            "lengths": lengths,
        }
    if kind == "span_potentials":
        return {
            "log_potentials": torch.randn(batch, seq, seq, 3, generator=gen),
            "lengths": lengths,
        }
    if kind == "activations":
        return {"H": torch.rand(batch, 4, 2 * seq, generator=gen)}
    if kind == "activations_2d":
        return {"H": torch.rand(batch, 4, seq, seq, generator=gen)}
    if kind == "volume":
        return {"x": torch.randn(batch, 1, 4 * seq, 4 * seq, generator=gen)}
    if kind == "flow_context":
        return {
            "x": torch.randn(batch * seq, 4, generator=gen),
            "c": torch.randn(batch * seq, 2, generator=gen),
        }
    if kind == "flow_x":
        return {"x": torch.randn(batch * seq, 3, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
