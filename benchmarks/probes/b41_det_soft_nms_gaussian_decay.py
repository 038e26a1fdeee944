# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def box_iou(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter + 1e-9)


def soft_nms(boxes: torch.Tensor, scores: torch.Tensor, sigma: float = 0.5, score_thresh: float = 0.05):
    """Gaussian soft-NMS (Bodla et al.): decay overlapping scores instead of discarding boxes."""
    boxes, scores = boxes.clone(), scores.clone()
    n = boxes.size(0)
    order = torch.arange(n)
    for i in range(n):
        max_pos = i + int(torch.argmax(scores[i:]))
        if max_pos != i:
            boxes[[i, max_pos]] = boxes[[max_pos, i]]
            scores[[i, max_pos]] = scores[[max_pos, i]]
            order[[i, max_pos]] = order[[max_pos, i]]
        if i + 1 < n:
            iou = box_iou(boxes[i : i + 1], boxes[i + 1 :]).squeeze(0)
            scores[i + 1 :] = scores[i + 1 :] * torch.exp(-(iou * iou) / sigma)
    keep = scores > score_thresh
    return boxes[keep], scores[keep], order[keep]


class SoftNMSHead(nn.Module):
    def __init__(self, in_dim: int = 16, num_classes: int = 3, topk: int = 12):
        super().__init__()
        self.topk = topk
        self.cls = nn.Linear(in_dim, num_classes)
        self.reg = nn.Linear(in_dim, 4)

    def forward(self, roi_feats: torch.Tensor, proposals: torch.Tensor):
        probs = F.softmax(self.cls(roi_feats), dim=-1)
        scores, labels = probs[:, 1:].max(dim=-1)
        boxes = proposals + self.reg(roi_feats) * 2.0
        boxes = torch.cat([boxes[:, :2], torch.max(boxes[:, 2:], boxes[:, :2] + 1)], dim=1)
        scores, idx = scores.topk(self.topk)
        kept_boxes, kept_scores, order = soft_nms(boxes[idx], scores)
        return kept_boxes, kept_scores, labels[idx][order] + 1


Model = SoftNMSHead


def _proposals(n):
    xy = torch.rand(n, 2) * 40
    return torch.cat([xy, xy + 8 + torch.rand(n, 2) * 16], dim=1)


def inputs():
    torch.manual_seed(4115)
    return [(torch.randn(20, 16), _proposals(20)), (torch.randn(20, 16) * 3, _proposals(20))]
