# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DisparityRegression(nn.Module):
    """Soft-argmin over a fixed disparity range: the candidate disparities are a buffer."""

    def __init__(self, max_disp: int):
        super().__init__()
        self.register_buffer("disp", torch.arange(max_disp, dtype=torch.float32).view(1, max_disp, 1, 1))

    def forward(self, cost: torch.Tensor) -> torch.Tensor:
        prob = F.softmax(-cost, dim=1)
        return torch.sum(prob * self.disp, dim=1)


class Model(nn.Module):
    def __init__(self, max_disp: int = 4):
        super().__init__()
        self.max_disp = max_disp
        self.feat = nn.Conv2d(3, 4, 3, padding=1)
        self.regress = DisparityRegression(max_disp)

    def forward(self, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
        fl, fr = self.feat(left), self.feat(right)
        b, c, h, w = fl.shape
        cost = fl.new_zeros(b, self.max_disp, h, w)
        for d in range(self.max_disp):
            if d > 0:
                cost[:, d, :, d:] = (fl[..., d:] - fr[..., :-d]).abs().mean(1)
            else:
                cost[:, d] = (fl - fr).abs().mean(1)
        return self.regress(cost)


def inputs():
    torch.manual_seed(7305)
    return [
        (torch.randn(1, 3, 6, 10), torch.randn(1, 3, 6, 10)),
        (torch.randn(2, 3, 6, 10), torch.randn(2, 3, 6, 10)),
    ]
