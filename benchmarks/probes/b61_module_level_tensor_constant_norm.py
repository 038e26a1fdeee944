# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

IMAGENET_MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
IMAGENET_STD = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)


class Model(nn.Module):
    """Classifier stem that normalises with module-level ImageNet statistics (not buffers)."""

    def __init__(self, n_cls: int = 5):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.fc = nn.Linear(8, n_cls)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = (x - IMAGENET_MEAN) / IMAGENET_STD
        h = torch.relu(self.conv(x))
        return self.fc(h.mean(dim=(2, 3)))


def inputs():
    torch.manual_seed(6114)
    return [(torch.rand(2, 3, 16, 16),), (torch.rand(3, 3, 24, 20),)]
