# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Classifier-free guidance step; guidance weights in (0, 1) interpolate and larger ones
    extrapolate with the rescaled-CFG correction."""

    def __init__(self, rescale: float = 0.7):
        super().__init__()
        self.eps = nn.Linear(6, 6)
        self.null = nn.Parameter(torch.zeros(6))
        self.rescale = rescale

    def guide(self, cond: torch.Tensor, uncond: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        if 0.0 < w <= 1.0:  # breaks: compile,export,trace
            return torch.lerp(uncond, cond, w)
        out = uncond + w * (cond - uncond)
        factor = cond.std(-1, keepdim=True) / out.std(-1, keepdim=True)
        return self.rescale * out * factor + (1 - self.rescale) * out

    def forward(self, x: torch.Tensor, c: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return self.guide(self.eps(x + c), self.eps(x + self.null), w)


def inputs():
    torch.manual_seed(7314)
    return [
        (torch.randn(2, 6), torch.randn(2, 6), torch.tensor(0.5)),
        (torch.randn(2, 6), torch.randn(2, 6), torch.tensor(4.0)),
    ]
