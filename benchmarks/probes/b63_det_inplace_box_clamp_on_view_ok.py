# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Box regression head that clamps x and y coordinates in place through column views."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.reg = nn.Linear(dim, 4)

    def forward(self, feats: torch.Tensor, size: torch.Tensor) -> torch.Tensor:
        boxes = self.reg(feats).sigmoid() * 1.2 * size
        xs = boxes[:, 0::2]
        ys = boxes[:, 1::2]
        xs.clamp_(min=0.0, max=1.0)
        ys.mul_(0.5)
        return boxes


def inputs():
    torch.manual_seed(6322)
    return [(torch.randn(5, 16), torch.tensor(1.0)), (torch.randn(8, 16), torch.tensor(2.0))]
