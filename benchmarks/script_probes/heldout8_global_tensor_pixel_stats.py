# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn

PIXEL_MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
PIXEL_STD = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)


def normalize(img: torch.Tensor) -> torch.Tensor:
    return (img - PIXEL_MEAN) / PIXEL_STD


class Model(nn.Module):
    def __init__(self, width: int = 8):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, width, 3, stride=2, padding=1),
            nn.BatchNorm2d(width),
            nn.ReLU(inplace=True),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, 10)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        x = self.stem(normalize(img))
        return self.fc(self.pool(x).flatten(1))


def inputs():
    torch.manual_seed(0)
    return [(torch.rand(1, 3, 16, 16),), (torch.rand(4, 3, 12, 12),)]
