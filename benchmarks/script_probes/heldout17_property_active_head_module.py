# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.cls_head = nn.Linear(8, 4)
        self.box_head = nn.Linear(8, 4)
        self.use_box = True

    @property
    def head(self):
        return self.box_head if self.use_box else self.cls_head

    def forward(self, x):
        return self.head(torch.relu(self.body(x)))


Model = Detector


def inputs():
    torch.manual_seed(15)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
