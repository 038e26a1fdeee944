# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """NeRF renderer that evaluates its MLP over the rays in fixed-size chunks (to bound memory),
    the chunk starts stepped with range over the number of rays."""

    def __init__(self, chunk: int = 4):
        super().__init__()
        self.chunk = chunk
        self.mlp = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 4))

    def forward(self, rays: torch.Tensor) -> torch.Tensor:
        outs = []
        for start in range(0, rays.shape[0], self.chunk):  # breaks: trace
            outs.append(self.mlp(rays[start : start + self.chunk]))
        return torch.cat(outs, dim=0)


def inputs():
    torch.manual_seed(6725)
    return [(torch.randn(10, 6),), (torch.randn(14, 6),)]
