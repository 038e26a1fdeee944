# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Normalize:
    """Plain-Python preprocessing object (not a Module) kept on the model."""

    def __init__(self, mean, std):
        self.mean = torch.tensor(mean).view(1, -1, 1, 1)
        self.std = torch.tensor(std).view(1, -1, 1, 1)

    def __call__(self, x: torch.Tensor) -> torch.Tensor:
        return (x - self.mean) / self.std


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.normalize = Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        self.stem = nn.Conv2d(3, 8, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.stem(self.normalize(x))


def inputs():
    torch.manual_seed(6314)
    return [(torch.rand(1, 3, 16, 16),), (torch.rand(2, 3, 12, 20),)]
