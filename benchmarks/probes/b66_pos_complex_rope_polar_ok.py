# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def precompute_freqs_cis(dim: int, end: int, theta: float = 10000.0) -> torch.Tensor:
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: dim // 2].float() / dim))
    t = torch.arange(end, dtype=torch.float32)
    freqs = torch.outer(t, freqs)
    return torch.polar(torch.ones_like(freqs), freqs)


class Model(nn.Module):
    """LLaMA-style rotary embedding applied through complex multiplication."""

    def __init__(self, dim: int = 8, max_len: int = 16):
        super().__init__()
        self.wq = nn.Linear(dim, dim, bias=False)
        self.register_buffer("freqs_cis", precompute_freqs_cis(dim, max_len), persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q = self.wq(x)
        seqlen = x.shape[1]
        q_c = torch.view_as_complex(q.float().reshape(q.shape[0], seqlen, -1, 2))
        rotated = q_c * self.freqs_cis[:seqlen].unsqueeze(0)
        return torch.view_as_real(rotated).flatten(2).type_as(x)


def inputs():
    torch.manual_seed(6623)
    return [(torch.randn(2, 4, 8),), (torch.randn(2, 7, 8),)]
