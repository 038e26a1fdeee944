# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def select_top(scores: torch.Tensor, boxes: torch.Tensor, thresh: float, k: int):
    """Keep boxes above a score threshold, then at most k of them by score."""
    keep = scores > thresh
    scores, boxes = scores[keep], boxes[keep]  # breaks: compile
    num = min(k, scores.shape[0])
    top, idx = scores.topk(num)
    return top, boxes[idx]


class Model(nn.Module):
    """Dense detector post-processing: sigmoid scores, threshold, top-k."""

    def __init__(self, d: int = 6, k: int = 4, thresh: float = 0.5):
        super().__init__()
        self.cls = nn.Linear(d, 1)
        self.reg = nn.Linear(d, 4)
        self.k, self.thresh = k, thresh

    def forward(self, feats: torch.Tensor):
        scores = self.cls(feats).squeeze(-1).sigmoid()
        return select_top(scores, self.reg(feats), self.thresh, self.k)


def inputs():
    torch.manual_seed(6603)
    return [(torch.randn(10, 6),), (torch.randn(10, 6) * 3,)]
