"""The corpus: third-party model classes, built from tiny configs with random weights.

Runs only inside the corpus environment (benchmarks/accuracy/env), in a ground-truth child.
Held out (never add): transformers models whose class names start with N..Z, timm, vit-pytorch,
x-transformers, efficientnet-pytorch — the product is measured on those.

Each entry: name -> (config class, model class, config overrides, input kind). Input kinds:
``text`` (input_ids, attention_mask), ``ids`` (input_ids only), ``seq2seq`` (input_ids,
attention_mask, decoder_input_ids), ``clip`` (input_ids, pixel_values), ``image`` (pixel_values), ``audio`` (input_values: the
"sequence length" times 50 samples).
"""

from __future__ import annotations

from typing import Any

# The package whose code is the corpus (import name -> distribution name; one package, so
# locations are paths relative to its folder).
PACKAGES: dict[str, str] = {"transformers": "transformers"}
# Input A is batch 2 × 8 tokens, input B 3 × 12, A' A's shapes with other values.
SHAPES: tuple[tuple[int, int], tuple[int, int]] = ((2, 8), (3, 12))
# Plain tuples out, so the back-ends see tensors, not ModelOutput objects.
CALL_KWARGS: dict[str, Any] = {"return_dict": False}

# Sizes small enough that a forward pass takes milliseconds on CPU.
TINY: dict[str, Any] = {
    "vocab_size": 99,
    "hidden_size": 32,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "intermediate_size": 37,
    "max_position_embeddings": 64,
    "use_cache": False,
}
SEQ2SEQ: dict[str, Any] = {
    "vocab_size": 99,
    "d_model": 32,
    "encoder_layers": 2,
    "decoder_layers": 2,
    "encoder_attention_heads": 4,
    "decoder_attention_heads": 4,
    "encoder_ffn_dim": 37,
    "decoder_ffn_dim": 37,
    "max_position_embeddings": 64,
    "use_cache": False,
    "pad_token_id": 1,
    "decoder_start_token_id": 2,
}
IMAGE: dict[str, Any] = {
    "image_size": 32,
    "patch_size": 8,
    "num_channels": 3,
    "hidden_size": 32,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "intermediate_size": 37,
}

MODELS: dict[str, tuple[str, str, dict[str, Any], str]] = {
    "albert": ("AlbertConfig", "AlbertModel", {"embedding_size": 16}, "text"),
    "bart": ("BartConfig", "BartModel", SEQ2SEQ, "seq2seq"),
    "bert": ("BertConfig", "BertModel", {}, "text"),
    "big_bird": ("BigBirdConfig", "BigBirdModel", {"attention_type": "original_full"}, "text"),
    "biogpt": ("BioGptConfig", "BioGptModel", {}, "text"),
    "blenderbot": ("BlenderbotConfig", "BlenderbotModel", SEQ2SEQ, "seq2seq"),
    "bloom": ("BloomConfig", "BloomModel", {"n_head": 4}, "text"),
    "camembert": ("CamembertConfig", "CamembertModel", {}, "text"),
    "clip": (
        "CLIPConfig",
        "CLIPModel",
        {
            "text_config": {**TINY, "num_key_value_heads": 4},
            "vision_config": IMAGE,
            "projection_dim": 16,
        },
        "clip",
    ),
    "codegen": ("CodeGenConfig", "CodeGenModel", {"n_ctx": 64, "rotary_dim": 4}, "text"),
    "convbert": ("ConvBertConfig", "ConvBertModel", {"embedding_size": 32}, "text"),
    "convnext": (
        "ConvNextConfig",
        "ConvNextModel",
        {"hidden_sizes": [8, 16], "depths": [1, 1], "num_stages": 2, "image_size": 32},
        "image",
    ),
    "ctrl": ("CTRLConfig", "CTRLModel", {"dff": 37}, "text"),
    "data2vec_text": ("Data2VecTextConfig", "Data2VecTextModel", {}, "text"),
    "deberta": ("DebertaConfig", "DebertaModel", {}, "text"),
    "deberta_v2": ("DebertaV2Config", "DebertaV2Model", {}, "text"),
    "deit": ("DeiTConfig", "DeiTModel", IMAGE, "image"),
    "distilbert": ("DistilBertConfig", "DistilBertModel", {"dim": 32, "hidden_dim": 37}, "text"),
    "electra": ("ElectraConfig", "ElectraModel", {"embedding_size": 16}, "text"),
    "falcon": ("FalconConfig", "FalconModel", {}, "text"),
    "fnet": ("FNetConfig", "FNetModel", {}, "ids"),
    "funnel": (
        "FunnelConfig",
        "FunnelBaseModel",
        {
            "block_sizes": [1, 1],
            "d_model": 32,
            "n_head": 4,
            "d_head": 8,
            "d_inner": 37,
            "num_hidden_layers": None,
        },
        "text",
    ),
    "gemma": ("GemmaConfig", "GemmaModel", {"head_dim": 8}, "text"),
    "gpt2": ("GPT2Config", "GPT2Model", {}, "text"),
    "gpt_bigcode": ("GPTBigCodeConfig", "GPTBigCodeModel", {}, "text"),
    "gpt_neo": (
        "GPTNeoConfig",
        "GPTNeoModel",
        {"attention_types": [[["global", "local"], 1]], "window_size": 4},
        "text",
    ),
    "gpt_neox": ("GPTNeoXConfig", "GPTNeoXModel", {}, "text"),
    "gptj": ("GPTJConfig", "GPTJModel", {"rotary_dim": 4}, "text"),
    "led": ("LEDConfig", "LEDModel", {**SEQ2SEQ, "attention_window": 4}, "seq2seq"),
    "llama": ("LlamaConfig", "LlamaModel", {}, "text"),
    "longformer": ("LongformerConfig", "LongformerModel", {"attention_window": 4}, "text"),
    "m2m_100": ("M2M100Config", "M2M100Model", SEQ2SEQ, "seq2seq"),
    "marian": ("MarianConfig", "MarianModel", SEQ2SEQ, "seq2seq"),
    "mbart": ("MBartConfig", "MBartModel", SEQ2SEQ, "seq2seq"),
    "megatron_bert": ("MegatronBertConfig", "MegatronBertModel", {}, "text"),
    "mistral": ("MistralConfig", "MistralModel", {}, "text"),
    # grouped-mm kernels want expert widths that are multiples of 16 bytes
    "mixtral": (
        "MixtralConfig",
        "MixtralModel",
        {"num_local_experts": 4, "intermediate_size": 32},
        "text",
    ),
    "mobilebert": (
        "MobileBertConfig",
        "MobileBertModel",
        {"embedding_size": 16, "intra_bottleneck_size": 16, "true_hidden_size": 16},
        "text",
    ),
    "mpnet": ("MPNetConfig", "MPNetModel", {}, "text"),
    "beit": ("BeitConfig", "BeitModel", {**IMAGE, "use_relative_position_bias": True}, "image"),
    "canine": (
        "CanineConfig",
        "CanineModel",
        {"vocab_size": None, "max_position_embeddings": 256, "downsampling_rate": 2},
        "text",
    ),
    "dinov2": ("Dinov2Config", "Dinov2Model", IMAGE, "image"),
    "esm": (
        "EsmConfig",
        "EsmModel",
        {"position_embedding_type": "rotary", "pad_token_id": 1},
        "text",
    ),
    "flaubert": (
        "FlaubertConfig",
        "FlaubertModel",
        {"emb_dim": 32, "n_layers": 2, "n_heads": 4},
        "text",
    ),
    "gpt_neox_japanese": ("GPTNeoXJapaneseConfig", "GPTNeoXJapaneseModel", {}, "text"),
    "hubert": (
        "HubertConfig",
        "HubertModel",
        {
            "vocab_size": None,
            "conv_dim": (8, 8),
            "conv_stride": (4, 4),
            "conv_kernel": (8, 8),
            "num_conv_pos_embeddings": 16,
            "num_conv_pos_embedding_groups": 2,
        },
        "audio",
    ),
    "layoutlm": ("LayoutLMConfig", "LayoutLMModel", {}, "text"),
    "luke": ("LukeConfig", "LukeModel", {"entity_vocab_size": 10, "entity_emb_size": 16}, "text"),
    "mamba": ("MambaConfig", "MambaModel", {"state_size": 4, "expand": 2}, "ids"),
    "mpt": ("MptConfig", "MptModel", {"d_model": 32, "n_heads": 4, "n_layers": 2}, "text"),
}


def build(name: str) -> tuple[Any, str]:
    """The model (eval mode, seeded weights) and its input kind."""
    import torch
    import transformers

    config_name, model_name, overrides, kind = MODELS[name]
    base = SEQ2SEQ if kind == "seq2seq" else ({} if kind in ("clip", "image") else TINY)
    if kind == "image" and overrides is not IMAGE:
        base = IMAGE
    # An override of None drops a TINY default the config refuses.
    settings = {k: v for k, v in {**base, **overrides}.items() if v is not None}
    config = getattr(transformers, config_name)(**settings)
    torch.manual_seed(0)
    model = getattr(transformers, model_name)(config)
    model.eval()
    return model, kind


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; batch, sequence length and values vary with the arguments."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    ids = torch.randint(3, 99, (batch, seq), generator=gen)
    mask = torch.ones(batch, seq, dtype=torch.long)
    mask[0, -2:] = 0  # some padding, so mask handling runs
    if kind == "ids":
        return {"input_ids": ids}
    if kind == "text":
        return {"input_ids": ids, "attention_mask": mask}
    if kind == "seq2seq":
        decoder = torch.randint(3, 99, (batch, max(2, seq - 2)), generator=gen)
        return {"input_ids": ids, "attention_mask": mask, "decoder_input_ids": decoder}
    if kind == "audio":
        return {"input_values": torch.randn(batch, seq * 50, generator=gen)}
    pixels = torch.randn(batch, 3, 32, 32, generator=gen)
    if kind == "image":
        return {"pixel_values": pixels}
    if kind == "clip":
        return {"input_ids": ids, "pixel_values": pixels}
    raise ValueError(kind)
