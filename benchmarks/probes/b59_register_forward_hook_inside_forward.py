# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Deep-supervision classifier that captures an intermediate block's output by registering
    a forward hook inside forward, running the backbone, and removing the hook again."""

    def __init__(self, c: int = 8, n_classes: int = 3):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, c, 3, padding=1), nn.ReLU(),
            nn.Conv2d(c, c, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.aux = nn.Linear(c, n_classes)
        self.cls = nn.Linear(c, n_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        captured = []
        handle = self.backbone[1].register_forward_hook(lambda m, i, o: captured.append(o))
        feat = self.backbone(x)
        handle.remove()
        mid = captured[0].mean(dim=(2, 3))
        return self.cls(feat.mean(dim=(2, 3))) + 0.3 * self.aux(mid)


def inputs():
    torch.manual_seed(5916)
    return [(torch.randn(2, 3, 10, 10),), (torch.randn(1, 3, 14, 8),)]
