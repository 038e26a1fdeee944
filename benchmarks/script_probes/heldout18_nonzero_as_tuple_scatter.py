# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PeakPicker(nn.Module):
    def __init__(self, thresh=0.5):
        super().__init__()
        self.thresh = thresh

    def forward(self, heat):
        rows, cols = torch.nonzero(heat > self.thresh, as_tuple=True)
        return torch.stack([rows, cols], dim=1).float(), heat[rows, cols]


Model = PeakPicker


def inputs():
    torch.manual_seed(188)
    return [(torch.rand(5, 6),), (torch.rand(3, 9),)]
