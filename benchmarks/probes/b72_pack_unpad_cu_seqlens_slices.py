# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def unpad(x: torch.Tensor, mask: torch.Tensor):
    """Flash-attention style varlen layout: concatenated valid tokens and cumulative offsets."""
    seqlens = mask.sum(-1, dtype=torch.int32)
    cu_seqlens = F.pad(torch.cumsum(seqlens, 0, dtype=torch.int32), (1, 0))
    return x[mask], cu_seqlens  # breaks: compile


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        flat, cu = unpad(x, mask)
        q, k, v = self.qkv(flat).chunk(3, -1)
        outs = []
        for i in range(x.size(0)):  # breaks: compile
            s, e = cu[i], cu[i + 1]
            att = (q[s:e] @ k[s:e].t() / 2.0).softmax(-1)
            outs.append((att @ v[s:e]).mean(0))
        return torch.stack(outs)


def inputs():
    torch.manual_seed(7229)
    m1 = torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]], dtype=torch.bool)
    m2 = torch.tensor([[1, 0, 0, 0], [1, 1, 1, 1]], dtype=torch.bool)
    return [(torch.randn(2, 4, 4), m1), (torch.randn(2, 4, 4), m2)]
