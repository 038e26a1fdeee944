import torch
from torch import Tensor, nn


def center_crop(skip: Tensor, target: Tensor) -> Tensor:
    """Original U-Net: crop the encoder map to the decoder's size before concatenation."""
    dh = (skip.size(2) - target.size(2)) // 2
    dw = (skip.size(3) - target.size(3)) // 2
    return skip[:, :, dh : dh + target.size(2), dw : dw + target.size(3)]


class UpBlock(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.up = nn.ConvTranspose2d(cin, cout, 2, stride=2)
        self.conv = nn.Conv2d(2 * cout, cout, 3)

    def forward(self, x: Tensor, skip: Tensor) -> Tensor:
        x = self.up(x)
        return torch.relu(self.conv(torch.cat([center_crop(skip, x), x], dim=1)))


class Model(nn.Module):
    def __init__(self, c: int = 4):
        super().__init__()
        self.enc = nn.Conv2d(1, c, 3)
        self.down = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(c, 2 * c, 3))
        self.up = UpBlock(2 * c, c)

    def forward(self, x: Tensor) -> Tensor:
        s = torch.relu(self.enc(x))
        return self.up(torch.relu(self.down(s)), s)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 1, 14, 14),), (torch.randn(2, 1, 20, 16),)]
