"""The ``fresh5`` corpus: a seventh held-back set of packages, held back for a blind first score.

Built like ``fresh4`` (which it follows as the held-back generalisation figure, once ``fresh4``
has been scored and read): nobody reads its misses or tunes a rule on it before its first score.
Pure-PyTorch packages outside the dev corpora (``transformers``, ``pytorch``), the ``wider``,
``unseen``, ``fresh``, ``fresh2``, ``fresh3`` and ``fresh4`` corpora and the held-out list (timm,
vit-pytorch, x-transformers, diffusers, efficientnet-pytorch, transformers), by ten authors (none
of them lucidrains): music source separation (demucs: the hybrid transformer HTDemucs, the hybrid
HDemucs with Wiener filtering and the time-domain Demucs with LSTMs), a multi-scale neural audio
codec (snac), a speech encoder (squeezeformer), a WaveNet vocoder with conditioning upsampling
(wavenet-vocoder), anti-aliased CNNs (antialiased-cnns: BlurPool ResNet-18 and MobileNetV2),
re-parameterisable VGGs (repvgg-pytorch: RepVGG with squeeze-excitation, its deploy form,
RepVGGplus with auxiliary heads), recurrent layers (torchrecurrent: LEM, IndRNN,
IntersectionRNN), rational Kolmogorov-Arnold activations (rkan: Padé and Jacobi), a mixture
density network's log-likelihood (mixture-density-nets) and reversible blocks (revtorch). Each
model runs as ``NAME.eval``; HTDemucs also as ``NAME.train`` (``TRAINING``): in training it takes
its segment from the input instead of padding to the training length, and its inverse
spectrogram and time branch take the input's length. No other package code here runs otherwise
in training (dropout is an ``nn.Dropout`` module or a ``training=`` flag, batch norm a torch
module; HDemucs' training branch only picks ``end_iters``, equal to ``wiener_iters`` here): a
train run of the others would run the eval run's lines again. The pins are in setup_env.sh
(installed with ``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``mix`` (mix: batch × 2 × 32·seq stereo samples), ``audio_mono``
(audio_data: batch × 1 × 16·seq), ``speech`` (inputs: batch × 8·seq × 32, input_lengths),
``conditioned_wave`` (x: batch × 1 × 16·seq samples, c: batch × 8 × 4·seq features),
``image_x`` (x: batch × 3 × 4·seq × 4·seq), ``image_large`` (x: batch × 3 × 8·seq × 8·seq),
``recurrent`` (inp: batch × seq × 16), ``activations_in`` (inputs: batch × seq × 32),
``mixture_targets`` (x: batch × seq × 8, y: batch × seq × 2).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "antialiased_cnns": "antialiased-cnns",
    "demucs": "demucs",
    "mixture_density_nets": "mixture-density-nets",
    "repvgg_pytorch": "repvgg-pytorch",
    "revtorch": "revtorch",
    "rkan": "rkan",
    "snac": "snac",
    "squeezeformer": "squeezeformer",
    "torchrecurrent": "torchrecurrent",
    "wavenet_vocoder": "wavenet-vocoder",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _repvgg_deploy(**arguments: Any) -> Any:
    """RepVGG converted to its deploy form by the package (each block's three branches fused
    into one convolution)."""
    from repvgg_pytorch.repvgg import RepVGG, repvgg_model_convert

    return repvgg_model_convert(RepVGG(**arguments))


def _mixture_log_prob(**arguments: Any) -> Any:
    """A mixture density network (a module) and its distribution (not a module) behind a module
    of this file that returns the log-likelihood of the targets (a pass-through)."""
    import torch
    from mixture_density_nets import MDN, MDDistribution

    class MixtureLogProb(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.mdn = MDN(**arguments)

        def forward(self, x: Any, y: Any) -> Any:
            return MDDistribution(*self.mdn(x)).log_prob(y)

    return MixtureLogProb()


def _reversible(**arguments: Any) -> Any:
    """revtorch's reversible sequence of blocks whose halves are small MLPs (the blocks draw and
    set their own random seeds, as the package offers for dropout)."""
    import torch
    from revtorch import ReversibleBlock, ReversibleSequence

    dim = arguments["dim"] // 2

    def mlp() -> Any:
        return torch.nn.Sequential(
            torch.nn.LayerNorm(dim),
            torch.nn.Linear(dim, 2 * dim),
            torch.nn.GELU(),
            torch.nn.Dropout(0.1),
            torch.nn.Linear(2 * dim, dim),
        )

    blocks = torch.nn.ModuleList(
        ReversibleBlock(mlp(), mlp(), split_along_dim=-1, fix_random_seed=True)
        for _ in range(arguments["depth"])
    )
    return ReversibleSequence(blocks)


REPVGG = {
    "num_blocks": [1, 2, 2, 1],
    "num_classes": 10,
    "width_multiplier": [0.25, 0.25, 0.25, 0.25],
}

# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "htdemucs": (
        "demucs.htdemucs",
        "HTDemucs",
        {
            "sources": ["drums", "other"],
            "channels": 8,
            "nfft": 64,
            "depth": 2,
            "t_layers": 1,
            "t_heads": 2,
            "dconv_comp": 4,
            "samplerate": 1024,
            "segment": 1,
        },
        "mix",
    ),
    "hdemucs": (
        "demucs.hdemucs",
        "HDemucs",
        {
            "sources": ["drums", "other"],
            "channels": 8,
            "nfft": 64,
            "depth": 3,
            "cac": False,
            "wiener_iters": 1,
            "end_iters": 1,
            "samplerate": 1024,
            "segment": 1,
        },
        "mix",
    ),
    "demucs": (
        "demucs.demucs",
        "Demucs",
        {
            "sources": ["drums", "other"],
            "channels": 8,
            "depth": 3,
            "lstm_layers": 1,
            "dconv_attn": 2,
            "dconv_lstm": 2,
            "resample": False,
            "samplerate": 1024,
            "segment": 1,
        },
        "mix",
    ),
    "snac": (
        "snac",
        "SNAC",
        {
            "sampling_rate": 1024,
            "encoder_dim": 16,
            "encoder_rates": [2, 2],
            "decoder_dim": 64,
            "decoder_rates": [2, 2],
            "attn_window_size": 4,
            "codebook_size": 16,
            "codebook_dim": 4,
            "vq_strides": [2, 1],
        },
        "audio_mono",
    ),
    "squeezeformer": (
        "squeezeformer",
        "Squeezeformer",
        {
            "num_classes": 10,
            "input_dim": 32,
            "encoder_dim": 32,
            "num_encoder_layers": 4,
            "reduce_layer_index": 1,
            "recover_layer_index": 3,
            "num_attention_heads": 2,
            "conv_kernel_size": 3,
        },
        "speech",
    ),
    "wavenet": (
        "wavenet_vocoder",
        "WaveNet",
        {
            "out_channels": 30,
            "layers": 4,
            "stacks": 2,
            "residual_channels": 16,
            "gate_channels": 16,
            "skip_out_channels": 16,
            "cin_channels": 8,
            "upsample_conditional_features": True,
            "upsample_scales": [2, 2],
            "scalar_input": True,
        },
        "conditioned_wave",
    ),
    "antialiased_resnet18": (
        "antialiased_cnns",
        "resnet18",
        {"filter_size": 4, "pool_only": False, "num_classes": 10},
        "image_large",
    ),
    "antialiased_mobilenet_v2": (
        "antialiased_cnns",
        "mobilenet_v2",
        {"filter_size": 3, "width_mult": 0.5, "num_classes": 10},
        "image_x",
    ),
    "repvgg": (
        "repvgg_pytorch.repvgg",
        "RepVGG",
        {**REPVGG, "use_se": True},
        "image_x",
    ),
    "repvgg_deploy": ("repvgg_pytorch.repvgg", _repvgg_deploy, REPVGG, "image_x"),
    "repvgg_plus": (
        "repvgg_pytorch.repvggplus",
        "RepVGGplus",
        {**REPVGG, "num_blocks": [1, 1, 2, 1], "use_post_se": True},
        "image_x",
    ),
    "lem": (
        "torchrecurrent",
        "LEM",
        {"input_size": 16, "hidden_size": 16, "num_layers": 2, "batch_first": True},
        "recurrent",
    ),
    "indrnn": (
        "torchrecurrent",
        "IndRNN",
        {
            "input_size": 16,
            "hidden_size": 16,
            "num_layers": 2,
            "dropout": 0.1,
            "batch_first": True,
        },
        "recurrent",
    ),
    "intersection_rnn": (
        "torchrecurrent",
        "IntersectionRNN",
        {"input_size": 16, "hidden_size": 16, "batch_first": True},
        "recurrent",
    ),
    "pade_rkan": ("rkan.torch", "PadeRKAN", {"degree_p": 4, "degree_q": 3}, "activations_in"),
    "jacobi_rkan": ("rkan.torch", "JacobiRKAN", {"degree": 5}, "activations_in"),
    "mixture_density": (
        "mixture_density_nets",
        _mixture_log_prob,
        {"in_dim": 8, "out_dim": 2, "n_components": 3},
        "mixture_targets",
    ),
    "reversible": ("revtorch", _reversible, {"dim": 32, "depth": 2}, "features"),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("htdemucs",)

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    if kind == "mix":
        return {"mix": torch.randn(batch, 2, 32 * seq, generator=gen)}
    if kind == "audio_mono":
        return {"audio_data": torch.randn(batch, 1, 16 * seq, generator=gen)}
    if kind == "speech":
        lengths = torch.full((batch,), 8 * seq, dtype=torch.long)
        lengths[1] = 8 * seq - 4  # one shorter utterance
        return {"inputs": torch.randn(batch, 8 * seq, 32, generator=gen), "input_lengths": lengths}
    if kind == "conditioned_wave":
        return {
            "x": torch.rand(batch, 1, 16 * seq, generator=gen) * 2 - 1,
            "c": torch.rand(batch, 8, 4 * seq, generator=gen),
        }
    if kind == "image_x":
        return {"x": torch.randn(batch, 3, 4 * seq, 4 * seq, generator=gen)}
    if kind == "image_large":
        return {"x": torch.randn(batch, 3, 8 * seq, 8 * seq, generator=gen)}
    if kind == "recurrent":
        return {"inp": torch.randn(batch, seq, 16, generator=gen)}
    if kind == "activations_in":
        return {"inputs": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "mixture_targets":
        return {
            "x": torch.randn(batch, seq, 8, generator=gen),
            "y": torch.randn(batch, seq, 2, generator=gen),
        }
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
