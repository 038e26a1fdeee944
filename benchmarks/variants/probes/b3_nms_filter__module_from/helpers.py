import torch
from torch import nn


class DetectionHead(nn.Module):
    def __init__(self, dim: int = 8, score_thresh: float = 0.5, max_det: int = 3):
        super().__init__()
        self.cls = nn.Linear(dim, 1)
        self.box = nn.Linear(dim, 4)
        self.score_thresh = score_thresh
        self.max_det = max_det

    def forward(self, feats):
        scores = self.cls(feats).sigmoid().squeeze(-1)
        boxes = self.box(feats)
        keep = scores > self.score_thresh
        scores, boxes = scores[keep], boxes[keep]  # breaks: compile
        order = scores.argsort(descending=True)[: self.max_det]
        return boxes[order], scores[order]


def model_forward(self, feats):
    return self.head(feats)
