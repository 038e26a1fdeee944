# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AttentionPool1d(nn.Module):
    """Contrastive image/audio encoder: a mean query token attends over the sequence via F.multi_head_attention_forward."""

    def __init__(self, d: int = 16, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.in_proj_weight = nn.Parameter(torch.randn(3 * d, d) * d**-0.5)
        self.in_proj_bias = nn.Parameter(torch.zeros(3 * d))
        self.out = nn.Linear(d, d)

    def forward(self, x):
        x = x.permute(1, 0, 2)  # (T, B, D)
        x = torch.cat([x.mean(0, keepdim=True), x], 0)
        out, _ = F.multi_head_attention_forward(
            x[:1], x, x, x.shape[-1], self.heads, self.in_proj_weight, self.in_proj_bias,
            None, None, False, 0.0, self.out.weight, self.out.bias, training=False, need_weights=False,
        )
        return out.squeeze(0)


Model = AttentionPool1d


def inputs():
    torch.manual_seed(5530)
    return [(torch.randn(2, 7, 16),), (torch.randn(3, 4, 16),)]
