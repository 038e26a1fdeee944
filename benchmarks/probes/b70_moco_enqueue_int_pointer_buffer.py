# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class KeyQueue(nn.Module):
    """MoCo negative queue: a ring buffer of keys with a write pointer kept as a buffer."""

    def __init__(self, dim: int = 4, size: int = 8):
        super().__init__()
        self.size = size
        self.register_buffer("queue", F.normalize(torch.randn(size, dim), dim=1))
        self.register_buffer("ptr", torch.zeros(1, dtype=torch.long))

    @torch.no_grad()
    def push(self, keys: torch.Tensor) -> None:
        start = int(self.ptr)  # breaks: compile,export,trace
        self.queue[start : start + keys.shape[0]] = keys
        self.ptr[0] = (start + keys.shape[0]) % self.size


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.q_enc = nn.Linear(6, dim)
        self.k_enc = nn.Linear(6, dim)
        self.bank = KeyQueue(dim)

    def forward(self, xq: torch.Tensor, xk: torch.Tensor) -> torch.Tensor:
        q = F.normalize(self.q_enc(xq), dim=1)
        k = F.normalize(self.k_enc(xk), dim=1)
        pos = (q * k).sum(-1, keepdim=True)
        neg = q @ self.bank.queue.t()
        self.bank.push(k)
        return torch.cat([pos, neg], 1) / 0.07


def inputs():
    torch.manual_seed(7014)
    return [(torch.randn(2, 6), torch.randn(2, 6)), (torch.randn(2, 6), torch.randn(2, 6)), (torch.randn(2, 6), torch.randn(2, 6))]
