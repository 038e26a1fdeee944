# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Label-map decoder: coarse logits are upsampled with nearest-exact to the size of the skip
    feature before fusion (keeps sharp class boundaries)."""

    def __init__(self, n_cls: int = 4):
        super().__init__()
        self.down = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.coarse = nn.Conv2d(16, n_cls, 3, stride=2, padding=1)
        self.skip = nn.Conv2d(16, n_cls, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = torch.relu(self.down(x))
        c = self.coarse(s)
        up = F.interpolate(c, size=s.shape[-2:], mode="nearest-exact")
        return up + self.skip(s)


def inputs():
    torch.manual_seed(6121)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 36, 28),)]
