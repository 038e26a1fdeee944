# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def _nms(heat: Tensor, kernel: int = 3) -> Tensor:
    pad = (kernel - 1) // 2
    hmax = F.max_pool2d(heat, (kernel, kernel), stride=1, padding=pad)
    keep = (hmax == heat).float()
    return heat * keep


def _topk(scores: Tensor, K: int):
    batch, cat, height, width = scores.size()
    topk_scores, topk_inds = torch.topk(scores.view(batch, -1), K)
    topk_clses = topk_inds // (height * width)
    topk_inds = topk_inds % (height * width)
    topk_ys = (topk_inds // width).float()
    topk_xs = (topk_inds % width).float()
    return topk_scores, topk_inds, topk_clses, topk_ys, topk_xs


def _gather_feat(feat: Tensor, ind: Tensor) -> Tensor:
    feat = feat.permute(0, 2, 3, 1).reshape(feat.size(0), -1, feat.size(1))
    ind = ind.unsqueeze(2).expand(ind.size(0), ind.size(1), feat.size(2))
    return feat.gather(1, ind)


class CenterNetHead(nn.Module):
    def __init__(self, in_ch: int = 8, num_classes: int = 3, head_conv: int = 16, K: int = 10, score_thresh: float = 0.3):
        super().__init__()
        self.K, self.score_thresh = K, score_thresh
        def branch(out):
            return nn.Sequential(nn.Conv2d(in_ch, head_conv, 3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(head_conv, out, 1))
        self.heads = nn.ModuleDict({"hm": branch(num_classes), "wh": branch(2), "reg": branch(2)})

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        out = {name: head(x) for name, head in self.heads.items()}
        heat = _nms(out["hm"].sigmoid())
        scores, inds, clses, ys, xs = _topk(heat, self.K)
        reg = _gather_feat(out["reg"], inds)
        wh = _gather_feat(out["wh"], inds)
        xs = xs.unsqueeze(2) + reg[..., 0:1]
        ys = ys.unsqueeze(2) + reg[..., 1:2]
        boxes = torch.cat([xs - wh[..., 0:1] / 2, ys - wh[..., 1:2] / 2, xs + wh[..., 0:1] / 2, ys + wh[..., 1:2] / 2], dim=2)
        keep = scores > self.score_thresh
        if keep.sum() == 0:  # breaks: compile,export
            return {"boxes": boxes.new_zeros(0, 4), "scores": scores.new_zeros(0), "labels": clses.new_zeros(0)}
        return {"boxes": boxes[keep], "scores": scores[keep], "labels": clses[keep]}


Model = CenterNetHead


def inputs():
    torch.manual_seed(5002)
    return [
        (torch.randn(1, 8, 16, 16) * 3,),
        (torch.randn(2, 8, 12, 12) - 4.0,),
    ]
