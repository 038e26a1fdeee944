import torch
import torch.nn as nn


class ProbCalibrator(nn.Module):
    def __init__(self, classes=5):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.ones(classes))

    def forward(self, p):
        lo, hi = p.aminmax()
        if 0.0 <= lo <= hi <= 1.0:  # breaks: compile,export,trace
            p = torch.logit(p.clamp(1e-4, 1 - 1e-4))
        return (p * self.logit_scale).softmax(-1)


Model = ProbCalibrator


def inputs():
    torch.manual_seed(36)
    return [(torch.rand(3, 5),), (torch.randn(3, 5) * 3,), (torch.rand(6, 5),)]
