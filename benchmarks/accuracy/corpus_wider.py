"""The ``wider`` corpus: model packages no rule was developed on, in eval and in train mode.

The generalisation figure: pure-PyTorch packages outside the dev corpora (``transformers``,
``pytorch``) and outside the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by several authors (MONAI's medical-imaging networks,
a pure-PyTorch Mamba, Yandex's tabular FT-Transformer, DreamQuark's TabNet, lucidrains'
MEGABYTE, Block-Recurrent Transformer, Hourglass Transformer and EGNN). Each model runs twice:
``NAME.eval`` (``model.eval()``) and ``NAME.train`` (``model.train()``: dropout, batch-norm
statistics, deep supervision, codebook updates and other training-only paths), both under
``torch.no_grad()`` with the same seeded weights. The pins are in setup_env.sh (installed with
``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``ids`` (MEGABYTE's token ids), ``image1``, ``image1_in``, ``images1``
(batch × 1 × side × side, MONAI's 2-D single-channel images, as ``x``, ``x_in`` (side 8·seq) or
``images``; side 4·seq otherwise), ``graph`` (EGNN: atom tokens, 3-D coordinates and a padding
mask), ``tabular`` (x_cont: batch × 4, x_cat: batch × 2 categories), ``tabular_x`` (x: batch ×
8 features).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "block_recurrent_transformer_pytorch": "block-recurrent-transformer-pytorch",
    "egnn_pytorch": "egnn-pytorch",
    "hourglass_transformer_pytorch": "hourglass-transformer-pytorch",
    "mambapy": "mambapy",
    "MEGABYTE_pytorch": "MEGABYTE-pytorch",
    "monai": "monai",
    "pytorch_tabnet": "pytorch-tabnet",
    "rtdl_revisiting_models": "rtdl-revisiting-models",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _mamba(**config: Any) -> Any:
    from mambapy.mamba import Mamba, MambaConfig

    return Mamba(MambaConfig(**config))


def _tabnet(**arguments: Any) -> Any:
    import torch
    from pytorch_tabnet.tab_network import TabNet

    # One group per feature, as TabNetModel builds it for data without feature groups.
    return TabNet(group_attention_matrix=torch.eye(arguments["input_dim"]), **arguments)


# MONAI's single-channel 2-D images: the name each network's forward gives its input, and the
# side per sequence length (SwinUNETR halves its side five times, down to at least 2 × 2).
IMAGE_ARGUMENT = {"image1": ("x", 4), "image1_in": ("x_in", 8), "images1": ("images", 4)}

MONAI_2D: dict[str, Any] = {"spatial_dims": 2, "in_channels": 1, "out_channels": 2}

# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "unet": (
        "monai.networks.nets",
        "UNet",
        {**MONAI_2D, "channels": (4, 8, 16), "strides": (2, 2), "num_res_units": 1, "dropout": 0.1},
        "image1",
    ),
    "attention_unet": (
        "monai.networks.nets",
        "AttentionUnet",
        {**MONAI_2D, "channels": (4, 8, 16), "strides": (2, 2), "dropout": 0.1},
        "image1",
    ),
    "dynunet": (
        "monai.networks.nets",
        "DynUNet",
        {
            **MONAI_2D,
            "kernel_size": [3, 3, 3],
            "strides": [1, 2, 2],
            "upsample_kernel_size": [2, 2],
            "filters": [4, 8, 16],
            "dropout": 0.1,
            "deep_supervision": True,
            "deep_supr_num": 1,
        },
        "image1",
    ),
    "swin_unetr": (
        "monai.networks.nets",
        "SwinUNETR",
        {
            **MONAI_2D,
            "depths": (1, 1, 1, 1),
            "num_heads": (1, 1, 2, 2),
            "feature_size": 12,
            "drop_rate": 0.1,
        },
        "image1_in",
    ),
    "vqvae": (
        "monai.networks.nets",
        "VQVAE",
        {
            "spatial_dims": 2,
            "in_channels": 1,
            "out_channels": 1,
            "channels": (8, 8),
            "num_res_channels": 8,
            "num_res_layers": 1,
            "downsample_parameters": ((2, 4, 1, 1), (2, 4, 1, 1)),
            "upsample_parameters": ((2, 4, 1, 1, 0), (2, 4, 1, 1, 0)),
            "num_embeddings": 16,
            "embedding_dim": 8,
        },
        "images1",
    ),
    "mamba": ("mambapy.mamba", _mamba, {"d_model": 32, "n_layers": 2, "d_state": 8}, "features"),
    "ft_transformer": (
        "rtdl_revisiting_models",
        "FTTransformer",
        {
            "n_cont_features": 4,
            "cat_cardinalities": [3, 5],
            "d_out": 1,
            "n_blocks": 2,
            "d_block": 32,
            "attention_n_heads": 4,
            "attention_dropout": 0.1,
            "ffn_d_hidden_multiplier": 4 / 3,
            "ffn_dropout": 0.1,
            "residual_dropout": 0.0,
        },
        "tabular",
    ),
    "tabnet": (
        "pytorch_tabnet.tab_network",
        _tabnet,
        {
            "input_dim": 8,
            "output_dim": 3,
            "n_d": 8,
            "n_a": 8,
            "n_steps": 2,
            "virtual_batch_size": 4,
        },
        "tabular_x",
    ),
    "megabyte": (
        "MEGABYTE_pytorch",
        "MEGABYTE",
        {
            "num_tokens": 99,
            "dim": (32, 16),
            "depth": (1, 1),
            "max_seq_len": (8, 4),
            "dim_head": 8,
            "heads": 2,
            "attn_dropout": 0.1,
            "ff_dropout": 0.1,
        },
        "ids",
    ),
    "block_recurrent": (
        "block_recurrent_transformer_pytorch",
        "BlockRecurrentTransformer",
        {
            "num_tokens": 99,
            "dim": 32,
            "depth": 2,
            "dim_head": 8,
            "heads": 2,
            "max_seq_len": 16,
            "block_width": 4,
            "num_state_vectors": 4,
        },
        "tokens",
    ),
    "hourglass": (
        "hourglass_transformer_pytorch",
        "HourglassTransformerLM",
        {
            "num_tokens": 99,
            "dim": 32,
            "max_seq_len": 64,
            "depth": (1, 1, 1),
            "shorten_factor": 2,
            "heads": 2,
            "dim_head": 8,
        },
        "tokens_mask",
    ),
    "egnn": (
        "egnn_pytorch",
        "EGNN_Network",
        {"num_tokens": 10, "dim": 16, "depth": 2, "num_nearest_neighbors": 4, "dropout": 0.1},
        "graph",
    ),
}

MODELS = models_in_modes(BASE_MODELS, MODES)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "ids":
        return {"ids": torch.randint(0, 99, (batch, seq), generator=gen)}
    if kind in IMAGE_ARGUMENT:
        name, scale = IMAGE_ARGUMENT[kind]
        return {name: torch.rand(batch, 1, scale * seq, scale * seq, generator=gen)}
    if kind == "graph":
        mask = torch.ones(batch, seq, dtype=torch.bool)
        mask[0, -2:] = False
        return {
            "feats": torch.randint(0, 10, (batch, seq), generator=gen),
            "coors": torch.randn(batch, seq, 3, generator=gen),
            "mask": mask,
        }
    if kind == "tabular":
        return {
            "x_cont": torch.randn(batch, 4, generator=gen),
            "x_cat": torch.stack(
                [torch.randint(0, n, (batch,), generator=gen) for n in (3, 5)], dim=1
            ),
        }
    if kind == "tabular_x":
        return {"x": torch.randn(batch, 8, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
