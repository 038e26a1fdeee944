import torch
from torch import Tensor, nn


def filter_detections(boxes: Tensor, scores: Tensor, thresh: float, max_det: int):
    keep = scores > thresh
    boxes, scores = boxes[keep], scores[keep]  # breaks: compile
    k = min(max_det, scores.numel())  # breaks: trace
    scores, order = scores.topk(k)
    return boxes[order], scores


class Head(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.box = nn.Linear(dim, 4)
        self.obj = nn.Linear(dim, 1)

    def forward(self, x: Tensor):
        return self.box(x).sigmoid(), self.obj(x).squeeze(-1).sigmoid()


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.head = Head(dim)
        self.score_thresh = 0.5
        self.max_det = 6

    def forward(self, queries: Tensor):
        boxes, scores = self.head(queries)
        return filter_detections(boxes, scores, self.score_thresh, self.max_det)


def inputs():
    torch.manual_seed(1)
    return [(torch.randn(20, 8),), (torch.randn(12, 8) * 0.1,)]
