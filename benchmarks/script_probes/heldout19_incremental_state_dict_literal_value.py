# ruff: noqa  (a probe is written as users write models)
from typing import Dict, Optional

import torch
import torch.nn as nn
from torch import Tensor


class CachedSelfAttention(nn.Module):
    """Decoder self-attention with an incremental key/value cache (fairseq-style)."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.k_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.q_proj = nn.Linear(dim, dim)
        self.cache_key = "attn_state"

    def forward(
        self,
        x: Tensor,
        incremental_state: Optional[Dict[str, Dict[str, Optional[Tensor]]]] = None,
    ) -> Tensor:
        k = self.k_proj(x)
        v = self.v_proj(x)
        if incremental_state is not None:
            saved = incremental_state.get(self.cache_key)
            if saved is not None:
                prev_k = saved["prev_key"]
                prev_v = saved["prev_value"]
                if prev_k is not None and prev_v is not None:
                    k = torch.cat([prev_k, k], dim=1)
                    v = torch.cat([prev_v, v], dim=1)
            incremental_state[self.cache_key] = {"prev_key": k, "prev_value": v}
        attn = torch.softmax(self.q_proj(x) @ k.transpose(1, 2), dim=-1)
        return attn @ v


Model = CachedSelfAttention


def inputs():
    torch.manual_seed(1923)
    return [(torch.randn(2, 3, 6),), (torch.randn(1, 5, 6),)]
