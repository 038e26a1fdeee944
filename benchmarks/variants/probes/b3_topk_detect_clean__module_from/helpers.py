import torch
from torch import nn


def model_forward(self, feats):
    logits = self.cls(feats)
    scores, labels = logits.sigmoid().max(dim=-1)
    top_scores, idx = scores.topk(self.k, dim=-1)
    boxes = self.box(feats).gather(1, idx[..., None].expand(-1, -1, 4))
    labels = labels.gather(1, idx)
    keep = (top_scores > 0.3).to(boxes.dtype)
    return boxes * keep[..., None], labels, top_scores * keep
