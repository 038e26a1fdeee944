# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PadToMultiple(nn.Module):
    def __init__(self, multiple: int = 4):
        super().__init__()
        self.multiple = multiple
        self.conv = nn.Conv2d(3, 3, 3, padding=1)

    @staticmethod
    def pad_hw(x: torch.Tensor, multiple: int, value=None) -> torch.Tensor:
        h, w = x.shape[-2:]
        ph = (multiple - h % multiple) % multiple
        pw = (multiple - w % multiple) % multiple
        fill = 0.0 if value is None else value
        return F.pad(x, (0, pw, 0, ph), value=fill)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(self.pad_hw(x, self.multiple))


Model = PadToMultiple


def inputs():
    torch.manual_seed(2139)
    return [(torch.randn(1, 3, 6, 5),), (torch.randn(2, 3, 8, 7),)]
