# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MicroBatchedEncoder(nn.Module):
    """Runs the encoder in micro-batches, one per visible accelerator (at least one)."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x: Tensor) -> Tensor:
        n_chunks = max(torch.cuda.device_count(), 1)
        outs = [self.encoder(chunk) for chunk in x.chunk(n_chunks, dim=0)]
        return torch.cat(outs, dim=0)


Model = MicroBatchedEncoder


def inputs():
    torch.manual_seed(3804)
    return [(torch.randn(4, 8),), (torch.randn(3, 8),)]
