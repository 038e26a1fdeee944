import torch
import torch.nn as nn
from torch import Tensor


class ScoreFilter(nn.Module):
    def __init__(self, score_thresh: float = 0.3, max_keep: int = 6):
        super().__init__()
        self.score_thresh = score_thresh
        self.max_keep = max_keep

    def forward(self, scores: Tensor, boxes: Tensor):
        idx = torch.nonzero_static(scores > self.score_thresh, size=self.max_keep, fill_value=-1).squeeze(-1)
        valid = idx >= 0
        safe = idx.clamp(min=0)
        kept_scores = torch.where(valid, scores[safe], torch.zeros_like(scores[safe]))
        kept_boxes = boxes[safe] * valid.unsqueeze(-1)
        return kept_boxes, kept_scores, valid


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.cls = nn.Linear(dim, 1)
        self.reg = nn.Linear(dim, 4)
        self.post = ScoreFilter()

    def forward(self, feats):
        scores = torch.sigmoid(self.cls(feats)).squeeze(-1)
        boxes = self.reg(feats)
        return self.post(scores, boxes)


def inputs():
    torch.manual_seed(97)
    return [(torch.randn(12, 8),), (torch.randn(12, 8) * 3,), (torch.randn(20, 8),)]
