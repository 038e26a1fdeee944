# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CrossAttnConfig:
    """Parsed from YAML, where `attn_dropout: 0` arrives as an int."""

    dim = 8
    heads = 2
    attn_dropout = 0


class CrossAttentionFusion(nn.Module):
    """Image tokens attend to text tokens."""

    def __init__(self, cfg: CrossAttnConfig = CrossAttnConfig()):
        super().__init__()
        self.attn = nn.MultiheadAttention(
            cfg.dim, cfg.heads, dropout=cfg.attn_dropout, batch_first=True
        )
        self.norm = nn.LayerNorm(cfg.dim)

    def forward(self, image_tokens: Tensor, text_tokens: Tensor) -> Tensor:
        fused, _ = self.attn(image_tokens, text_tokens, text_tokens, need_weights=False)
        return self.norm(image_tokens + fused)


Model = CrossAttentionFusion


def inputs():
    torch.manual_seed(3641)
    return [
        (torch.randn(2, 5, 8), torch.randn(2, 3, 8)),
        (torch.randn(1, 4, 8), torch.randn(1, 6, 8)),
    ]
