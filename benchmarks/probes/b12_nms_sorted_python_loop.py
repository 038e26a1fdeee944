import torch
from torch import Tensor, nn


def box_iou(a: Tensor, b: Tensor) -> Tensor:
    lt = torch.maximum(a[:, None, :2], b[None, :, :2])
    rb = torch.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area = lambda x: (x[:, 2] - x[:, 0]) * (x[:, 3] - x[:, 1])  # noqa: E731
    return inter / (area(a)[:, None] + area(b)[None] - inter)


def greedy_nms(boxes: Tensor, scores: Tensor, iou_thresh: float) -> Tensor:
    order = scores.argsort(descending=True)
    ious = box_iou(boxes[order], boxes[order])
    n = len(order)  # breaks: trace
    suppressed = torch.zeros(n, dtype=torch.bool)
    for i in range(n):
        if suppressed[i]:  # breaks: compile,export,trace
            continue
        suppressed |= (ious[i] > iou_thresh) & (torch.arange(n) > i)
    return order[~suppressed]


class Model(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.box = nn.Linear(dim, 4)
        self.score = nn.Linear(dim, 1)

    def forward(self, props: Tensor):
        raw = self.box(props)
        boxes = torch.cat([raw[:, :2], raw[:, :2] + raw[:, 2:].exp()], dim=1)
        scores = self.score(props).squeeze(-1).sigmoid()
        keep = greedy_nms(boxes, scores, 0.3)
        return boxes[keep], scores[keep]


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(6, 6),), (torch.randn(9, 6) * 0.2,)]
