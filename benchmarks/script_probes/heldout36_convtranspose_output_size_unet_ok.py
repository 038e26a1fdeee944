# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class UpMerge(nn.Module):
    """UNet decoder step; the transposed conv is told the skip's size so odd sizes line up."""

    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cout, 3, stride=2, padding=1)
        self.conv = nn.Conv2d(cout * 2, cout, 3, padding=1)

    def forward(self, x: Tensor, skip: Tensor) -> Tensor:
        x = self.up(x, output_size=skip.shape[-2:])
        return torch.relu(self.conv(torch.cat([x, skip], dim=1)))


class Decoder(nn.Module):
    def __init__(self, ch=(8, 4)):
        super().__init__()
        self.merge = UpMerge(ch[0], ch[1])

    def forward(self, bottom: Tensor, skip: Tensor) -> Tensor:
        return self.merge(bottom, skip)


Model = Decoder


def inputs():
    torch.manual_seed(3652)
    return [
        (torch.randn(2, 8, 4, 4), torch.randn(2, 4, 7, 8)),
        (torch.randn(1, 8, 3, 5), torch.randn(1, 4, 5, 9)),
    ]
