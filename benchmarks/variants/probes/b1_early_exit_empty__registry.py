import torch
from torch import nn


class Inner(nn.Module):
    def forward(self, boxes):
        if boxes.numel() == 0:
            return boxes.new_zeros((0,))
        w = boxes[:, 2] - boxes[:, 0]
        h = boxes[:, 3] - boxes[:, 1]
        return w * h


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, boxes):
        return self.block(boxes)


def inputs():
    return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
