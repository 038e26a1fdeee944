# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChunkedEncoder(nn.Module):
    """Runs the encoder over batch chunks and frees the allocator cache in between."""

    def __init__(self, dim=8, chunk_size=2):
        super().__init__()
        self.chunk_size = chunk_size
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.GELU(), nn.Linear(16, dim))

    def forward(self, x):
        outs = []
        for chunk in x.split(self.chunk_size, dim=0):
            outs.append(self.net(chunk))
            torch.cuda.empty_cache()
        return torch.cat(outs, dim=0)


Model = ChunkedEncoder


def inputs():
    torch.manual_seed(3806)
    return [(torch.randn(4, 5, 8),), (torch.randn(4, 3, 8),)]
