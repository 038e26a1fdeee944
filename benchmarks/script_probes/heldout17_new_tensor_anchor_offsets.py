# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AnchorDecoder(nn.Module):
    def __init__(self, stride=8):
        super().__init__()
        self.stride = stride
        self.reg = nn.Linear(4, 4)

    def forward(self, boxes):
        offsets = boxes.new_tensor([-0.5, -0.5, 0.5, 0.5]) * self.stride
        return self.reg(boxes) + offsets


Model = AnchorDecoder


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
