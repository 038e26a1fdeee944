# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BasicBlock(nn.Module):
    def __init__(self, cin: int, cout: int, stride: int):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.bn(self.conv(x)))


class Model(nn.Module):
    """ResNet-like backbone whose stages are registered as ``layer1`` .. ``layerN`` (so that
    checkpoints keep torchvision's key names) and returns the last stage's pooled features."""

    def __init__(self, widths=(4, 8, 16)):
        super().__init__()
        self.num_stages = len(widths)
        cin = 3
        for i, w in enumerate(widths, start=1):
            self.add_module(f"layer{i}", BasicBlock(cin, w, 1 if i == 1 else 2))
            cin = w

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i in range(1, self.num_stages + 1):
            x = getattr(self, f"layer{i}")(x)  # breaks: script
        return x.mean(dim=(2, 3))


def inputs():
    torch.manual_seed(6922)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 12, 20),)]
