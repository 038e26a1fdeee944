# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Image normaliser that works in place on activations, but copies its input first when it
    is a leaf tensor (a user's image) so the caller's tensor is not modified."""

    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.conv = nn.Conv2d(3, 8, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.is_leaf:
            x = x.clone()
        x.sub_(self.mean).div_(self.std)
        return self.conv(x)


def inputs():
    torch.manual_seed(6111)
    return [(torch.rand(2, 3, 16, 16),), (torch.rand(1, 3, 24, 20),)]
