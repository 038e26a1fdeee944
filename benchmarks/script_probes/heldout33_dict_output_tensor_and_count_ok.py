# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ProposalFilter(nn.Module):
    """Detection post-processing: drops small and low-score proposals and reports the kept
    boxes, their scores and how many survived, keyed by name."""

    def __init__(self, min_size: float = 0.2, score_thresh: float = 0.3):
        super().__init__()
        self.min_size = min_size
        self.score_thresh = score_thresh
        self.obj = nn.Linear(4, 1)

    def _keep(self, boxes: Tensor, scores: Tensor) -> Tensor:
        ws = boxes[:, 2] - boxes[:, 0]
        hs = boxes[:, 3] - boxes[:, 1]
        return (ws >= self.min_size) & (hs >= self.min_size) & (scores > self.score_thresh)

    def forward(self, boxes: Tensor):
        scores = self.obj(boxes).squeeze(-1).sigmoid()
        keep = self._keep(boxes, scores)
        return {"boxes": boxes[keep], "scores": scores[keep], "num_kept": int(keep.sum())}


Model = ProposalFilter


def inputs():
    torch.manual_seed(3324)
    base = torch.rand(6, 2)
    boxes = torch.cat([base, base + torch.rand(6, 2)], -1)
    base2 = torch.rand(4, 2)
    return [(boxes,), (torch.cat([base2, base2 + torch.rand(4, 2)], -1),)]
