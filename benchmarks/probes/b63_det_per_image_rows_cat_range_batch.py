# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """RoI head that gathers each image's rows in a Python loop over the batch, then cats."""

    def __init__(self, dim: int = 12):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, feats: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
        rows = []
        for i in range(feats.size(0)):  # breaks: trace
            rows.append(self.fc(feats[i]) * scale[i])
        return torch.cat(rows, dim=0)


def inputs():
    torch.manual_seed(6309)
    return [(torch.randn(2, 5, 12), torch.rand(2)), (torch.randn(3, 5, 12), torch.rand(3))]
