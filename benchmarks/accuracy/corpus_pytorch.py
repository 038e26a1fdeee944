"""The ``pytorch`` corpus: pure-PyTorch model packages from PyPI, built small with random weights.

Runs only inside the corpus environment (benchmarks/accuracy/env), in a ground-truth child.
The pins are in setup_env.sh. Held out (never add): timm, vit-pytorch, x-transformers,
efficientnet-pytorch, and transformers models whose class names start with N..Z.

Unlike transformers, this corpus spans several packages: ``PACKAGES`` lists the import names
whose code is the corpus (the model packages and the model code they call), each with its
distribution name for the recorded versions. A location is the innermost frame inside any of
them, relative to that package's folder. einops and torch are libraries, not corpus code.

Each model entry: name -> (module, class or factory, constructor arguments, input kind). Input
kinds (keyword inputs of ``forward``; ``seq`` is the sequence length, or the image side):
``tokens`` (x: token ids), ``features`` (x: batch × seq × 32), ``moe_inputs`` (the same, named
``inputs``), ``features_mask`` (x and a
boolean mask with padding), ``tokens_mask`` (token ids and a padding mask), ``image_hwc``
(data: batch × side × side × 3, Perceiver's channels-last), ``image_chw`` (x: batch × 8 ×
side × side), ``image_fixed`` (input: batch × 3 × 16 × 16; MLP-Mixer's size is fixed),
``perceiver_io`` (data, mask, queries), ``crf`` (emissions over 5 tags, tags, mask),
``rgb`` (input: batch × 3 × 4·seq × 4·seq in [0, 1]), ``gray`` (img: batch × 1 × 4·seq × 4·seq).
"""

from __future__ import annotations

from typing import Any

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "axial_attention": "axial-attention",
    "axial_positional_embedding": "axial_positional_embedding",
    "torchcrf": "pytorch-crf",
    "colt5_attention": "CoLT5-attention",
    "conformer": "conformer",
    "g_mlp_pytorch": "g-mlp-pytorch",
    "hyper_connections": "hyper-connections",
    "kornia": "kornia",
    "lambda_networks": "lambda-networks",
    "linear_attention_transformer": "linear-attention-transformer",
    "linformer": "linformer",
    "local_attention": "local-attention",
    "mixture_of_experts": "mixture-of-experts",
    "mlp_mixer_pytorch": "mlp-mixer-pytorch",
    "nystrom_attention": "nystrom-attention",
    "perceiver_pytorch": "perceiver-pytorch",
    "performer_pytorch": "performer-pytorch",
    "product_key_memory": "product_key_memory",
    "reformer_pytorch": "reformer-pytorch",
    "routing_transformer": "routing-transformer",
    "st_moe_pytorch": "st-moe-pytorch",
    "vector_quantize_pytorch": "vector-quantize-pytorch",
    "torch_einops_utils": "torch-einops-utils",
}

# Input A is batch 2 × 8, input B batch 3 × 16 (multiples of the bucket and window sizes, which
# Reformer and the local-attention models pad to anyway), A' A's shapes with other values.
SHAPES: tuple[tuple[int, int], tuple[int, int]] = ((2, 8), (3, 16))
CALL_KWARGS: dict[str, Any] = {}

LM: dict[str, Any] = {"num_tokens": 99, "dim": 32, "depth": 2, "max_seq_len": 64}

MODELS: dict[str, tuple[str, str, dict[str, Any], str]] = {
    "perceiver": (
        "perceiver_pytorch",
        "Perceiver",
        {
            "input_channels": 3,
            "input_axis": 2,
            "num_freq_bands": 4,
            "max_freq": 10.0,
            "depth": 2,
            "num_latents": 8,
            "latent_dim": 32,
            "cross_heads": 1,
            "latent_heads": 2,
            "cross_dim_head": 8,
            "latent_dim_head": 8,
            "num_classes": 10,
            "self_per_cross_attn": 1,
        },
        "image_hwc",
    ),
    "perceiver_io": (
        "perceiver_pytorch",
        "PerceiverIO",
        {
            "dim": 32,
            "queries_dim": 32,
            "logits_dim": 10,
            "depth": 2,
            "num_latents": 8,
            "latent_dim": 32,
            "cross_heads": 1,
            "latent_heads": 2,
            "cross_dim_head": 8,
            "latent_dim_head": 8,
        },
        "perceiver_io",
    ),
    "performer": (
        "performer_pytorch",
        "PerformerLM",
        {**LM, "heads": 4, "dim_head": 8, "causal": True, "nb_features": 16},
        "tokens",
    ),
    "reformer": (
        "reformer_pytorch",
        "ReformerLM",
        {**LM, "heads": 4, "bucket_size": 4, "n_hashes": 2, "causal": True},
        "tokens",
    ),
    "linear_attention": (
        "linear_attention_transformer",
        "LinearAttentionTransformerLM",
        {
            **LM,
            "heads": 4,
            "dim_head": 8,
            "causal": True,
            "blindspot_size": 1,
            "n_local_attn_heads": 2,
            "local_attn_window_size": 4,
        },
        "tokens",
    ),
    "lambda": (
        "lambda_networks",
        "LambdaLayer",
        {"dim": 8, "dim_out": 8, "r": 3, "dim_k": 4, "heads": 2, "dim_u": 1},
        "image_chw",
    ),
    "axial": (
        "axial_attention",
        "AxialImageTransformer",
        {"dim": 8, "depth": 2, "heads": 2, "reversible": False},
        "image_chw",
    ),
    "routing": (
        "routing_transformer",
        "RoutingTransformerLM",
        {**LM, "heads": 4, "window_size": 4, "causal": True, "n_local_attn_heads": 2},
        "tokens",
    ),
    "nystrom": (
        "nystrom_attention",
        "Nystromformer",
        {"dim": 32, "dim_head": 8, "heads": 4, "depth": 2, "num_landmarks": 4},
        "features_mask",
    ),
    "mlp_mixer": (
        "mlp_mixer_pytorch",
        "MLPMixer",
        {
            "image_size": 16,
            "channels": 3,
            "patch_size": 4,
            "dim": 32,
            "depth": 2,
            "num_classes": 10,
        },
        "image_fixed",
    ),
    "conformer": (
        "conformer",
        "Conformer",
        {"dim": 32, "depth": 2, "dim_head": 8, "heads": 4, "conv_kernel_size": 7},
        "features",
    ),
    "local_transformer": (
        "local_attention",
        "LocalTransformer",
        {**LM, "heads": 4, "dim_head": 8, "causal": True, "local_attn_window_size": 4},
        "tokens_mask",
    ),
    "gmlp": (
        "g_mlp_pytorch",
        "gMLP",
        {**{k: v for k, v in LM.items() if k != "max_seq_len"}, "seq_len": 64, "causal": True},
        "tokens",
    ),
    "crf": ("torchcrf", "CRF", {"num_tags": 5, "batch_first": True}, "crf"),
    # "all": the default second-expert policy in eval is random, so no two runs would agree.
    "mixture_of_experts": (
        "mixture_of_experts",
        "MoE",
        {"dim": 32, "num_experts": 4, "hidden_dim": 32, "second_policy_eval": "all"},
        "moe_inputs",
    ),
    "st_moe": (
        "st_moe_pytorch",
        "MoE",
        {"dim": 32, "num_experts": 4, "gating_top_n": 2, "expert_hidden_mult": 2},
        "features",
    ),
    "vector_quantize": (
        "vector_quantize_pytorch",
        "VectorQuantize",
        {"dim": 32, "codebook_size": 16, "decay": 0.8, "commitment_weight": 1.0},
        "features",
    ),
    "residual_vq": (
        "vector_quantize_pytorch",
        "ResidualVQ",
        {"dim": 32, "num_quantizers": 2, "codebook_size": 16},
        "features",
    ),
    "canny": ("kornia.filters", "Canny", {}, "rgb"),
    "scale_space_detector": ("kornia.feature", "ScaleSpaceDetector", {"num_features": 8}, "gray"),
}


def build(name: str) -> tuple[Any, str]:
    """The model (eval mode, seeded weights) and its input kind."""
    return build_entry(MODELS[name], training=False)


def build_entry(entry: tuple[str, Any, dict[str, Any], str], training: bool) -> tuple[Any, str]:
    """A model entry built with seeded weights, in train or eval mode, and its input kind. The
    factory is a name in the module or a callable (for a model built from a config object)."""
    import importlib

    import torch

    module, factory, arguments, kind = entry
    torch.manual_seed(0)
    make = (
        getattr(importlib.import_module(module), factory) if isinstance(factory, str) else factory
    )
    model = make(**arguments)
    model.train(training)
    return model, kind


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; batch, sequence length and values vary with the arguments."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    mask = torch.ones(batch, seq, dtype=torch.bool)
    mask[0, -2:] = False  # some padding, so mask handling runs
    if kind == "tokens":
        return {"x": torch.randint(0, 99, (batch, seq), generator=gen)}
    if kind == "tokens_mask":
        return {"x": torch.randint(0, 99, (batch, seq), generator=gen), "mask": mask}
    if kind == "features":
        return {"x": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "moe_inputs":
        return {"inputs": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "features_mask":
        return {"x": torch.randn(batch, seq, 32, generator=gen), "mask": mask}
    if kind == "image_hwc":
        return {"data": torch.randn(batch, seq, seq, 3, generator=gen)}
    if kind == "image_chw":
        return {"x": torch.randn(batch, 8, seq, seq, generator=gen)}
    if kind == "image_fixed":
        return {"input": torch.randn(batch, 3, 16, 16, generator=gen)}
    if kind == "perceiver_io":
        return {
            "data": torch.randn(batch, seq, 32, generator=gen),
            "mask": mask,
            "queries": torch.randn(batch, seq // 2, 32, generator=gen),
        }
    if kind == "rgb":
        return {"input": torch.rand(batch, 3, 4 * seq, 4 * seq, generator=gen)}
    if kind == "gray":
        return {"img": torch.rand(batch, 1, 4 * seq, 4 * seq, generator=gen)}
    if kind == "crf":
        return {
            "emissions": torch.randn(batch, seq, 5, generator=gen),
            "tags": torch.randint(0, 5, (batch, seq), generator=gen),
            "mask": mask,
        }
    raise ValueError(kind)
