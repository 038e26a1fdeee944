"""The ``fresh`` corpus: a third held-back set of packages, scored blind at its first run.

The ``unseen`` corpus has since been studied, so this one takes its place as the held-back
generalisation figure: nobody reads its misses or tunes a rule on it. Pure-PyTorch packages
outside the dev corpora (``transformers``, ``pytorch``), the ``wider`` and ``unseen`` corpora and
the held-out list (timm, vit-pytorch, x-transformers, diffusers, efficientnet-pytorch,
transformers), by several authors: normalizing-flow transforms (nflows), audio filterbanks and
per-channel energy normalisation (asteroid-filterbanks), sparse softmax variants (entmax,
sparsemax), the attention-free transformer (aft-pytorch), TabM with piecewise-linear number
embeddings (tabm, rtdl-num-embeddings), and lucidrains' minGRU, H-Transformer-1D (with
rotary-embedding-torch), memory-efficient attention, the Feedback Transformer, GLOM and
Hamburger (one package each).
Each model runs as ``NAME.eval``, and those whose code runs otherwise in training (``TRAINING``:
batch-norm statistics, ActNorm's data-dependent initialisation, a dropout branch of the package's
own attention function) also as ``NAME.train``, as in the unseen corpus (both under ``torch.no_grad()``, the same seeded
weights). The pins are in setup_env.sh (installed with ``--no-deps``: none of them may bring
another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``flow`` (inputs: batch·seq × 4 samples), ``waveform`` (waveform: batch × 2
channels × 16·seq samples), ``spectrogram`` (mag_spec: batch × 2 channels × 8 bins × seq frames,
non-negative), ``scores`` (X: batch × seq × 32), ``sparse_input`` (input: batch × seq × 32),
``tabular`` (x_num: batch × 4, x_cat: batch × 2 categories), ``glom_image`` (img: batch × 3 ×
16 × 16; GLOM's size is fixed), ``hamburger_map`` (x: batch × 16 × 8 × 8; the NMF's size is
fixed).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "aft_pytorch": "aft-pytorch",
    "asteroid_filterbanks": "asteroid-filterbanks",
    "entmax": "entmax",
    "feedback_transformer_pytorch": "feedback-transformer-pytorch",
    "glom_pytorch": "glom-pytorch",
    "h_transformer_1d": "h-transformer-1d",
    "hamburger_pytorch": "hamburger-pytorch",
    "memory_efficient_attention_pytorch": "memory-efficient-attention-pytorch",
    "minGRU_pytorch": "minGRU-pytorch",
    "nflows": "nflows",
    "rotary_embedding_torch": "rotary-embedding-torch",
    "rtdl_num_embeddings": "rtdl-num-embeddings",
    "sparsemax": "sparsemax",
    "tabm": "tabm",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _autoregressive_flow(**arguments: Any) -> Any:
    """A masked autoregressive rational-quadratic spline (MADE with dropout), batch norm and a
    reversal: nflows transforms map ``inputs`` to ``(outputs, logabsdet)``."""
    from nflows import transforms

    dim = arguments["dim"]
    return transforms.CompositeTransform(
        [
            transforms.MaskedPiecewiseRationalQuadraticAutoregressiveTransform(
                features=dim,
                hidden_features=arguments["hidden"],
                num_bins=4,
                tails="linear",
                tail_bound=3.0,
                dropout_probability=0.1,
            ),
            transforms.BatchNorm(dim),
            transforms.ReversePermutation(dim),
        ]
    )


def _coupling_flow(**arguments: Any) -> Any:
    """A rational-quadratic coupling spline (its conditioner a residual net with dropout),
    ActNorm (initialised from the first training batch) and an LU-decomposed linear map."""
    from nflows import transforms
    from nflows.nn.nets import ResidualNet

    dim = arguments["dim"]

    def conditioner(features_in: int, features_out: int) -> Any:
        return ResidualNet(
            features_in,
            features_out,
            hidden_features=arguments["hidden"],
            num_blocks=1,
            dropout_probability=0.1,
        )

    mask = [1 if i % 2 == 0 else 0 for i in range(dim)]
    return transforms.CompositeTransform(
        [
            transforms.PiecewiseRationalQuadraticCouplingTransform(
                mask, conditioner, num_bins=4, tails="linear", tail_bound=3.0
            ),
            transforms.ActNorm(dim),
            transforms.LULinear(dim),
        ]
    )


def _stft_encoder(**arguments: Any) -> Any:
    import asteroid_filterbanks as fb

    return fb.Encoder(fb.STFTFB(**arguments))


def _sinc_encoder(**arguments: Any) -> Any:
    import asteroid_filterbanks as fb

    return fb.Encoder(fb.ParamSincFB(**arguments))


def _tabm(**arguments: Any) -> Any:
    """TabM (an ensemble of 4 MLPs, dropout) over piecewise-linear embeddings of 4 numeric
    features (bins computed from a fixed sample) and 2 categorical features."""
    import rtdl_num_embeddings
    import tabm
    import torch

    sample = torch.randn(64, 4, generator=torch.Generator().manual_seed(1))
    bins = rtdl_num_embeddings.compute_bins(sample, n_bins=4)
    return tabm.TabM.make(
        n_num_features=4,
        cat_cardinalities=[3, 5],
        d_out=2,
        num_embeddings=rtdl_num_embeddings.PiecewiseLinearEmbeddings(
            bins, d_embedding=8, activation=False, version="B"
        ),
        **arguments,
    )


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "autoregressive_flow": ("nflows", _autoregressive_flow, {"dim": 4, "hidden": 16}, "flow"),
    "coupling_flow": ("nflows", _coupling_flow, {"dim": 4, "hidden": 16}, "flow"),
    "stft_encoder": (
        "asteroid_filterbanks",
        _stft_encoder,
        {"n_filters": 16, "kernel_size": 16, "stride": 8},
        "waveform",
    ),
    "sinc_encoder": (
        "asteroid_filterbanks",
        _sinc_encoder,
        {"n_filters": 16, "kernel_size": 17, "stride": 8, "sample_rate": 8000},
        "waveform",
    ),
    "pcen": (
        "asteroid_filterbanks.pcen",
        "PCEN",
        {"n_channels": 2, "trainable": True, "per_channel_smoothing": True},
        "spectrogram",
    ),
    "entmax15": ("entmax", "Entmax15", {"dim": -1, "k": 4}, "scores"),
    "sparsemax": ("sparsemax", "Sparsemax", {"dim": -1}, "sparse_input"),
    "aft_local": (
        "aft_pytorch",
        "AFTLocal",
        {"max_seqlen": 16, "dim": 32, "hidden_dim": 32, "s": 4},
        "features",
    ),
    "tabm": ("tabm", _tabm, {"k": 4, "d_block": 16, "n_blocks": 2, "dropout": 0.1}, "tabular"),
    "min_lm": (
        "minGRU_pytorch.minLM",
        "minLM",
        {"num_tokens": 99, "dim": 32, "depth": 2, "enable_conv": True, "dropout": 0.1},
        "tokens",
    ),
    "h_transformer": (
        "h_transformer_1d",
        "HTransformer1D",
        {
            "num_tokens": 99,
            "dim": 32,
            "depth": 2,
            "max_seq_len": 32,
            "heads": 2,
            "dim_head": 8,
            "block_size": 2,
        },
        "tokens_mask",
    ),
    "h_transformer_causal": (
        "h_transformer_1d",
        "HTransformer1D",
        {
            "num_tokens": 99,
            "dim": 32,
            "depth": 2,
            "max_seq_len": 32,
            "causal": True,
            "heads": 2,
            "dim_head": 8,
            "block_size": 4,
            "shift_tokens": True,
        },
        "tokens",
    ),
    "memory_efficient_attention": (
        "memory_efficient_attention_pytorch",
        "Attention",
        {
            "dim": 32,
            "heads": 2,
            "dim_head": 8,
            "causal": True,
            "memory_efficient": True,
            "q_bucket_size": 4,
            "k_bucket_size": 4,
            "dropout": 0.1,
        },
        "features_mask",
    ),
    "feedback_transformer": (
        "feedback_transformer_pytorch",
        "FeedbackTransformer",
        {
            "num_tokens": 99,
            "dim": 32,
            "depth": 2,
            "mem_len": 4,
            "seq_len": 4,
            "heads": 2,
            "dim_head": 8,
            "attn_dropout": 0.1,
            "ff_dropout": 0.1,
        },
        "tokens",
    ),
    "glom": (
        "glom_pytorch",
        "Glom",
        {"dim": 32, "levels": 3, "image_size": 16, "patch_size": 4},
        "glom_image",
    ),
    "hamburger": ("hamburger_pytorch", "Hamburger", {"dim": 16, "n": 64, "K": 3}, "hamburger_map"),
}

# The models whose code runs otherwise in train mode: nflows' batch norm (batch statistics) and
# ActNorm (initialised from the first training batch), and the memory-efficient attention's
# dropout (a branch of the package's own attention function). The others' dropout is an
# ``nn.Dropout`` module: their package code runs the same in both modes.
TRAINING = ("autoregressive_flow", "coupling_flow", "memory_efficient_attention")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "flow":
        return {"inputs": torch.randn(batch * seq, 4, generator=gen)}
    if kind == "waveform":
        return {"waveform": torch.randn(batch, 2, 16 * seq, generator=gen)}
    if kind == "spectrogram":
        return {"mag_spec": torch.rand(batch, 2, 8, seq, generator=gen)}
    if kind == "scores":
        return {"X": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "sparse_input":
        return {"input": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "tabular":
        return {
            "x_num": torch.randn(batch, 4, generator=gen),
            "x_cat": torch.stack(
                [
                    torch.randint(0, 3, (batch,), generator=gen),
                    torch.randint(0, 5, (batch,), generator=gen),
                ],
                dim=1,
            ),
        }
    if kind == "glom_image":
        return {"img": torch.randn(batch, 3, 16, 16, generator=gen)}
    if kind == "hamburger_map":
        return {"x": torch.randn(batch, 16, 8, 8, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
