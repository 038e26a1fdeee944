# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def build_cost_volume(left: torch.Tensor, right: torch.Tensor, max_disp: int) -> torch.Tensor:
    costs = [(left * right).mean(1)]
    for d in range(1, max_disp):
        shifted = F.pad(right[..., :-d], (d, 0))
        costs.append((left * shifted).mean(1))
    return torch.stack(costs, 1)


class Model(nn.Module):
    """Correlation stereo: the disparity search range is capped at a quarter of the image width."""

    def __init__(self, max_disp: int = 5):
        super().__init__()
        self.feat = nn.Conv2d(3, 4, 3, padding=1)
        self.max_disp = max_disp

    def forward(self, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
        fl, fr = self.feat(left), self.feat(right)
        max_disp = min(self.max_disp, fl.shape[-1] // 4)  # breaks: trace
        cost = build_cost_volume(fl, fr, max_disp)
        prob = cost.softmax(1)
        disp = torch.arange(prob.shape[1], dtype=prob.dtype).view(1, -1, 1, 1)
        return (prob * disp).sum(1)


def inputs():
    torch.manual_seed(7304)
    return [
        (torch.randn(1, 3, 6, 24), torch.randn(1, 3, 6, 24)),
        (torch.randn(1, 3, 6, 12), torch.randn(1, 3, 6, 12)),
    ]
