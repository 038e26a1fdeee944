# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def frozen_backbone() -> torch.jit.ScriptModule:
    """Stand-in for torch.jit.load("backbone.pt"): a TorchScript feature extractor shipped
    by another team, used frozen."""
    net = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, 16, 3, padding=1))
    return torch.jit.trace(net.eval(), torch.randn(1, 3, 32, 32))


class Model(nn.Module):
    """Linear-probe classifier on top of a pre-traced (TorchScript) backbone."""

    def __init__(self, n_cls: int = 5):
        super().__init__()
        self.backbone = frozen_backbone()
        self.head = nn.Linear(16, n_cls)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.no_grad():
            f = self.backbone(x)
        return self.head(f.mean(dim=(2, 3)))


def inputs():
    torch.manual_seed(6131)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(3, 3, 40, 24),)]
