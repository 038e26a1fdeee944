# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def box_area(b: torch.Tensor) -> torch.Tensor:
    return (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1])


def box_iou_one_to_many(box: torch.Tensor, boxes: torch.Tensor) -> torch.Tensor:
    lt = torch.maximum(box[:2], boxes[:, :2])
    rb = torch.minimum(box[2:], boxes[:, 2:])
    inter = (rb - lt).clamp_min(0).prod(-1)
    return inter / (box_area(box) + box_area(boxes) - inter)


def greedy_nms(boxes: torch.Tensor, scores: torch.Tensor, iou_thr: float) -> torch.Tensor:
    order = scores.argsort(descending=True)
    keep = []
    while order.numel() > 0:  # breaks: export,trace
        i = order[0]
        keep.append(i)
        ious = box_iou_one_to_many(boxes[i], boxes[order[1:]])  # breaks: compile
        order = order[1:][ious <= iou_thr]
    return torch.stack(keep)


class Model(nn.Module):
    """Tiny detector post-processing: decode box offsets from anchors, score, suppress overlaps."""

    def __init__(self, iou_thr: float = 0.3):
        super().__init__()
        self.reg = nn.Linear(6, 4)
        self.cls = nn.Linear(6, 1)
        self.iou_thr = iou_thr

    def forward(self, feats: torch.Tensor, anchors: torch.Tensor) -> torch.Tensor:
        boxes = anchors + self.reg(feats) * 2.0
        boxes = torch.cat([boxes[:, :2], boxes[:, :2] + boxes[:, 2:].abs() + 1.0], dim=-1)
        scores = self.cls(feats).squeeze(-1).sigmoid()
        keep = greedy_nms(boxes, scores, self.iou_thr)
        return boxes[keep] * scores[keep].unsqueeze(-1)


def inputs():
    torch.manual_seed(6920)
    anchors = torch.tensor([[0.0, 0.0, 4.0, 4.0], [1.0, 1.0, 4.0, 4.0], [8.0, 8.0, 3.0, 3.0], [8.5, 8.0, 3.0, 3.0], [20.0, 2.0, 5.0, 5.0]])
    return [(torch.randn(5, 6), anchors), (torch.randn(5, 6), anchors + torch.tensor([0.0, 0.0, 0.0, 0.0, -18.0]).unsqueeze(-1))]
