import torch
import torch.nn as nn


class RelativePositionMLP(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.pos_mlp = nn.Sequential(nn.Linear(1, dim), nn.SiLU(), nn.Linear(dim, dim))

    def positions(self, t, dtype):
        grid = [i / max(t - 1, 1) for i in range(t)]
        return torch.tensor(grid, dtype=dtype).unsqueeze(-1)  # breaks: trace

    def forward(self, x):
        pos = self.pos_mlp(self.positions(x.shape[1], x.dtype))
        return x + pos


Model = RelativePositionMLP


def inputs():
    torch.manual_seed(347)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 9, 8),)]
