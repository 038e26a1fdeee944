"""The ``unseen`` corpus: a second set of packages no rule was developed on, nor studied for misses.

The ``wider`` corpus is no longer unseen once its misses are studied; this one is kept apart as
the held-back generalisation figure: nobody tunes a rule on it. Pure-PyTorch packages outside
the dev corpora (``transformers``, ``pytorch``), the ``wider`` corpus and the held-out list
(timm, vit-pytorch, x-transformers, diffusers, efficientnet-pytorch, transformers), by several
authors: liquid time-constant and closed-form continuous-time RNNs (ncps), neural spline flows
(normflows), a temporal convolutional network (pytorch-tcn), a sinc resampler (julius),
multi-scale SSIM (pytorch-msssim), a spiking neuron (snntorch), and lucidrains' PaLM, Soft
MoE, Segformer, ISAB, Charformer's GBST and HaloNet attention (one package each).
Each model runs as ``NAME.eval``, and those whose code behaves otherwise in training (``TRAINING``:
dropout, an eval-only weight cache) also as ``NAME.train``, as in the wider corpus (both under
``torch.no_grad()``, the same seeded weights); a train run of a model with no training path
would run the eval run's code again. The pins are in setup_env.sh (installed with
``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``series`` (input: batch × seq × 8, ncps), ``signal`` (x: batch × 8 channels
× seq, the TCN), ``audio`` (x: batch × 2 channels × 4·seq samples), ``image_pair`` (X, Y:
batch × 3 × 8·seq × 8·seq in [0, 1]), ``image_x`` (x: batch × 3 × 4·seq × 4·seq),
``tokens_input`` (input: token ids; PaLM is an ``nn.Sequential``), ``latent`` (z: batch·seq × 4,
the flow's samples), ``current`` (input_: batch × seq × 32, the spiking neuron's input).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "charformer_pytorch": "charformer-pytorch",
    "halonet_pytorch": "halonet-pytorch",
    "isab_pytorch": "isab-pytorch",
    "julius": "julius",
    "ncps": "ncps",
    "normflows": "normflows",
    "palm_pytorch": "palm-pytorch",
    "pytorch_msssim": "pytorch-msssim",
    "pytorch_tcn": "pytorch-tcn",
    "segformer_pytorch": "segformer-pytorch",
    "snntorch": "snntorch",
    "soft_moe_pytorch": "soft-moe-pytorch",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _spline_flow(**arguments: Any) -> Any:
    """A neural spline flow: a coupling spline, then a learned LU permutation (normflows'
    NormalizingFlow maps latent samples to data in ``forward``)."""
    import normflows as nf

    dim = arguments["dim"]
    flows = []
    for _ in range(arguments["layers"]):
        flows.append(
            nf.flows.CoupledRationalQuadraticSpline(dim, 1, arguments["hidden"], num_bins=4)
        )
        flows.append(nf.flows.LULinearPermute(dim))
    return nf.NormalizingFlow(q0=nf.distributions.DiagGaussian(dim), flows=flows)


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "cfc": (
        "ncps.torch",
        "CfC",
        {"input_size": 8, "units": 16, "backbone_dropout": 0.1},
        "series",
    ),
    "ltc": ("ncps.torch", "LTC", {"input_size": 8, "units": 12}, "series"),
    "spline_flow": ("normflows", _spline_flow, {"dim": 4, "layers": 2, "hidden": 16}, "latent"),
    "tcn": (
        "pytorch_tcn",
        "TCN",
        {
            "num_inputs": 8,
            "num_channels": [8, 8],
            "kernel_size": 3,
            "dropout": 0.1,
            "causal": True,
        },
        "signal",
    ),
    "resample": ("julius", "ResampleFrac", {"old_sr": 4, "new_sr": 3, "zeros": 4}, "audio"),
    "ms_ssim": (
        "pytorch_msssim",
        "MS_SSIM",
        {"data_range": 1.0, "channel": 3, "win_size": 3},
        "image_pair",
    ),
    "leaky": ("snntorch", "Leaky", {"beta": 0.9}, "current"),
    "palm": (
        "palm_pytorch",
        "PaLM",
        {"num_tokens": 99, "dim": 32, "depth": 2, "dim_head": 8, "heads": 2},
        "tokens_input",
    ),
    "soft_moe": (
        "soft_moe_pytorch",
        "SoftMoE",
        {"dim": 32, "num_slots": 2, "num_experts": 4, "expert_mult": 2, "dropout": 0.1},
        "features",
    ),
    "segformer": (
        "segformer_pytorch",
        "Segformer",
        {
            "dims": (8, 16, 24, 32),
            "heads": (1, 1, 2, 2),
            "ff_expansion": (2, 2, 2, 2),
            "reduction_ratio": (4, 2, 1, 1),
            "num_layers": 1,
            "channels": 3,
            "decoder_dim": 32,
            "num_classes": 4,
        },
        "image_x",
    ),
    "isab": ("isab_pytorch", "ISAB", {"dim": 32, "heads": 2, "num_latents": 4}, "features_mask"),
    "gbst": (
        "charformer_pytorch",
        "GBST",
        {"num_tokens": 99, "dim": 32, "max_block_size": 4, "downsample_factor": 4},
        "tokens_mask",
    ),
    "halo_attention": (
        "halonet_pytorch",
        "HaloAttention",
        {"dim": 8, "block_size": 4, "halo_size": 1, "dim_head": 4, "heads": 2},
        "image_chw",
    ),
}

# The models whose code runs otherwise in train mode: the CfC backbone's, the TCN's and the
# experts' dropout, the LU permutation's weight cache (normflows caches it only in eval).
TRAINING = ("cfc", "spline_flow", "tcn", "soft_moe")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "series":
        return {"input": torch.randn(batch, seq, 8, generator=gen)}
    if kind == "signal":
        return {"x": torch.randn(batch, 8, seq, generator=gen)}
    if kind == "audio":
        return {"x": torch.randn(batch, 2, 4 * seq, generator=gen)}
    if kind == "image_pair":
        side = 8 * seq
        return {
            "X": torch.rand(batch, 3, side, side, generator=gen),
            "Y": torch.rand(batch, 3, side, side, generator=gen),
        }
    if kind == "image_x":
        return {"x": torch.rand(batch, 3, 4 * seq, 4 * seq, generator=gen)}
    if kind == "tokens_input":
        return {"input": torch.randint(0, 99, (batch, seq), generator=gen)}
    if kind == "latent":
        return {"z": torch.randn(batch * seq, 4, generator=gen)}
    if kind == "current":
        return {"input_": torch.randn(batch, seq, 32, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
