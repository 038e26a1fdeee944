# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class HeatEquationSolver(nn.Module):
    """Physics: explicit heat-equation steps with a 5-point Laplacian stencil buffer; Neumann
    boundaries by replicate padding, learnable diffusivity, fixed step count."""

    def __init__(self, steps: int = 5):
        super().__init__()
        lap = torch.tensor([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]])
        self.register_buffer("stencil", lap.view(1, 1, 3, 3))
        self.alpha = nn.Parameter(torch.tensor(0.1))
        self.steps = steps

    def forward(self, u):
        for _ in range(self.steps):
            u = u + self.alpha * F.conv2d(F.pad(u, (1, 1, 1, 1), mode="replicate"), self.stencil)
        return u


Model = HeatEquationSolver


def inputs():
    torch.manual_seed(5721)
    return [(torch.rand(1, 1, 10, 12),), (torch.rand(2, 1, 16, 9),)]
