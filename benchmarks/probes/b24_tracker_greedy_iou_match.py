import torch
from torch import nn


def box_area(b):
    return (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    return inter / (box_area(a)[:, None] + box_area(b)[None] - inter)


class GreedyMatcher(nn.Module):
    def __init__(self, iou_threshold=0.3):
        super().__init__()
        self.iou_threshold = iou_threshold

    def forward(self, tracks, detections):
        iou = box_iou(tracks, detections)
        n_det = iou.shape[1]
        assignment = torch.full((tracks.shape[0],), -1, dtype=torch.long)
        while (iou > self.iou_threshold).any():  # breaks: compile,export
            t, d = divmod(int(iou.argmax()), n_det)  # breaks: trace
            assignment[t] = d
            iou[t, :] = -1.0
            iou[:, d] = -1.0
        return assignment


Model = GreedyMatcher


def _boxes(n, jitter, g):
    xy = torch.rand(n, 2, generator=g) * 20
    wh = torch.rand(n, 2, generator=g) * 5 + 2
    return torch.cat([xy, xy + wh], 1), torch.cat([xy, xy + wh], 1) + torch.randn(n, 4, generator=g) * jitter


def inputs():
    torch.manual_seed(255)
    g = torch.Generator().manual_seed(255)
    t1, d1 = _boxes(5, 0.3, g)
    t2, d2 = _boxes(5, 4.0, g)
    return [(t1, d1), (t2, d2.flip(0))]
