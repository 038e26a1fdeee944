# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LRConsistency(torch.autograd.Function):
    """Left-right check: pixels whose two disparities disagree are invalidated; the gradient
    passes straight through to the left disparity."""

    @staticmethod
    def forward(ctx, disp_l, disp_r, thr):
        diff = (disp_l - disp_r).abs()
        if (diff > thr).any():  # breaks: compile,export
            disp_l = torch.where(diff > thr, torch.zeros_like(disp_l), disp_l)
        return disp_l

    @staticmethod
    def backward(ctx, grad):
        return grad, None, None


class Model(nn.Module):
    def __init__(self, thr: float = 1.0):
        super().__init__()
        self.head = nn.Conv2d(6, 2, 3, padding=1)
        self.thr = thr

    def forward(self, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
        disp = self.head(torch.cat([left, right], 1)).relu()
        return LRConsistency.apply(disp[:, 0], disp[:, 1], self.thr)


def inputs():
    torch.manual_seed(7306)
    x = torch.randn(1, 3, 4, 5)
    return [(x * 0.01, x * 0.01), (torch.randn(1, 3, 4, 5) * 4, torch.randn(1, 3, 4, 5) * 4)]
