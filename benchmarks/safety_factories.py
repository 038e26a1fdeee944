"""Model factories for ``benchmarks/fix_safety.py --factory`` on packages whose models need a
configuration and typed inputs (measured only, never tuned on).

``transformers_model(name)`` builds a transformers model from a tiny configuration with random
weights (seeded, eval mode, no download) and wraps it so that ``forward`` takes the one float
tensor fix_safety feeds every model (``--shape 1,3,32,32``) and returns one tensor: vision
models read it as pixel values, Whisper as log-mel features (32 bins by 96 frames), text models
as token ids (the first 16 values mapped onto the vocabulary; the map is part of ``forward``, so
every back-end sees it). transformers is imported inside the function, so the child process
gets the copy at the front of ``sys.path`` (the original or the fixed one), not an installed one.

    PYTHONPATH=benchmarks python benchmarks/fix_safety.py /tmp/hf_small/transformers \\
        --factory safety_factories:transformers_model --model opt --model vit --shape 1,3,32,32
"""

from __future__ import annotations

import torch
from torch import nn

VOCAB = 99
TOKENS = 16
TEXT = dict(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=4)


def _token_ids(x: torch.Tensor) -> torch.Tensor:
    """The first TOKENS values of each row as token ids in [3, VOCAB) (0-2: special tokens)."""
    values = x.reshape(x.shape[0], -1)[:, :TOKENS]
    return (values.abs() * 1000).long() % (VOCAB - 3) + 3


class Wrapped(nn.Module):
    """One float tensor in, the first tensor of the output (logits) out. ``kind``: "text"
    (token ids), "seq2seq" (token ids, and the first half of them for the decoder), "vision"
    (pixel values) or "speech" (32 log-mel bins by 96 frames, 8 decoder token ids)."""

    def __init__(self, model: nn.Module, kind: str) -> None:
        super().__init__()
        self.model = model
        self.kind = kind

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.kind == "vision":
            return self.model(pixel_values=x)[0]
        ids = _token_ids(x)
        if self.kind == "speech":
            features = x.reshape(x.shape[0], 32, 96)
            return self.model(input_features=features, decoder_input_ids=ids[:, : TOKENS // 2])[0]
        if self.kind == "seq2seq":
            return self.model(input_ids=ids, decoder_input_ids=ids[:, : TOKENS // 2])[0]
        return self.model(input_ids=ids)[0]


def transformers_model(name: str) -> nn.Module:
    """A tiny randomly initialised transformers model by architecture name, wrapped."""
    import transformers as hf

    torch.manual_seed(0)
    common = dict(use_cache=False)
    if name == "opt":
        config = hf.OPTConfig(
            **TEXT, ffn_dim=64, word_embed_proj_dim=32, max_position_embeddings=64, **common
        )
        wrapped = Wrapped(hf.OPTForCausalLM(config), "text")
    elif name == "qwen2":
        config = hf.Qwen2Config(
            **TEXT,
            intermediate_size=64,
            num_key_value_heads=2,
            max_position_embeddings=64,
            **common,
        )
        wrapped = Wrapped(hf.Qwen2ForCausalLM(config), "text")
    elif name in ("roberta", "xlm_roberta"):
        kind = hf.RobertaConfig if name == "roberta" else hf.XLMRobertaConfig
        model = hf.RobertaForMaskedLM if name == "roberta" else hf.XLMRobertaForMaskedLM
        config = kind(**TEXT, intermediate_size=64, max_position_embeddings=64)
        wrapped = Wrapped(model(config), "text")
    elif name == "t5":
        config = hf.T5Config(
            vocab_size=VOCAB, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=4,
            decoder_start_token_id=0, **common,
        )  # fmt: skip
        wrapped = Wrapped(hf.T5ForConditionalGeneration(config), "seq2seq")
    elif name == "vit":
        config = hf.ViTConfig(
            hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
            image_size=32, patch_size=8, num_labels=10,
        )  # fmt: skip
        wrapped = Wrapped(hf.ViTForImageClassification(config), "vision")
    elif name == "segformer":
        config = hf.SegformerConfig(
            num_encoder_blocks=2, depths=(1, 1), sr_ratios=(2, 1), hidden_sizes=(8, 16),
            patch_sizes=(7, 3), strides=(4, 2), num_attention_heads=(1, 2), mlp_ratios=(2, 2),
            decoder_hidden_size=16, num_labels=4,
        )  # fmt: skip
        wrapped = Wrapped(hf.SegformerForSemanticSegmentation(config), "vision")
    elif name == "whisper":
        config = hf.WhisperConfig(
            vocab_size=VOCAB, num_mel_bins=32, d_model=32, encoder_layers=2, decoder_layers=2,
            encoder_attention_heads=4, decoder_attention_heads=4, encoder_ffn_dim=64,
            decoder_ffn_dim=64, max_source_positions=48, max_target_positions=32,
            pad_token_id=1, bos_token_id=1, eos_token_id=2, decoder_start_token_id=1,
            begin_suppress_tokens=None, **common,
        )  # fmt: skip
        wrapped = Wrapped(hf.WhisperForConditionalGeneration(config), "speech")
    else:
        raise ValueError(f"no tiny configuration for {name!r}")
    return wrapped.eval()
