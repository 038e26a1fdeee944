# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def box_iou_one(box, boxes):
    x1 = torch.maximum(box[0], boxes[:, 0])
    y1 = torch.maximum(box[1], boxes[:, 1])
    x2 = torch.minimum(box[2], boxes[:, 2])
    y2 = torch.minimum(box[3], boxes[:, 3])
    inter = (x2 - x1).clamp(min=0) * (y2 - y1).clamp(min=0)
    area = lambda b: (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1])
    return inter / (area(box) + area(boxes) - inter)


def nms(boxes, scores, thresh):
    """Greedy NMS as in py-faster-rcnn."""
    order = scores.argsort(descending=True)
    keep = []
    while order.numel() > 0:
        i = order[0]
        keep.append(i)
        if order.numel() == 1:
            break
        ious = box_iou_one(boxes[i], boxes[order[1:]])
        order = order[1:][ious <= thresh]
    return torch.stack(keep)


class DetectionHead(nn.Module):
    def __init__(self, in_dim=8, num_anchors=12, iou_thresh=0.5, max_det=5):
        super().__init__()
        self.iou_thresh, self.max_det = iou_thresh, max_det
        self.anchors = nn.Parameter(torch.rand(num_anchors, 4).sort(-1).values * 10, requires_grad=False)
        self.score = nn.Linear(in_dim, num_anchors)
        self.deltas = nn.Linear(in_dim, num_anchors * 4)

    def decode(self, deltas):
        a = self.anchors
        wa, ha = a[:, 2] - a[:, 0] + 1, a[:, 3] - a[:, 1] + 1
        cx, cy = a[:, 0] + 0.5 * wa, a[:, 1] + 0.5 * ha
        dx, dy, dw, dh = deltas.unbind(-1)
        pcx, pcy = dx * wa + cx, dy * ha + cy
        pw, ph = torch.exp(dw.clamp(max=4)) * wa, torch.exp(dh.clamp(max=4)) * ha
        return torch.stack([pcx - 0.5 * pw, pcy - 0.5 * ph, pcx + 0.5 * pw, pcy + 0.5 * ph], -1)

    def forward(self, feat):
        scores = self.score(feat).sigmoid()
        boxes = self.decode(self.deltas(feat).view(-1, 4) * 0.1)
        keep = nms(boxes, scores, self.iou_thresh)[: self.max_det]
        return boxes[keep], scores[keep]


Model = DetectionHead


def inputs():
    torch.manual_seed(4327)
    return [(torch.randn(8),), (torch.randn(8),)]
