# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ScoreFilter(nn.Module):
    def __init__(self, thresh: float = 0.5):
        super().__init__()
        self.thresh = thresh

    def forward(self, scores: Tensor) -> Tensor:
        if scores.shape[0] == 0:
            return torch.tensor([], device=scores.device)
        keep = scores.sigmoid() > self.thresh
        return scores * keep.to(scores.dtype)


Model = ScoreFilter


def inputs():
    torch.manual_seed(1916)
    return [(torch.randn(5),), (torch.randn(0),)]
