import math

import torch
import torch.nn as nn

BBOX_CLIP = math.log(1000.0 / 16)


class AnchorGenerator(nn.Module):
    def __init__(self, sizes=(16, 32), ratios=(0.5, 1.0, 2.0), stride=8):
        super().__init__()
        base = []
        for s in sizes:
            for r in ratios:
                w, h = s / math.sqrt(r), s * math.sqrt(r)
                base.append([-w / 2, -h / 2, w / 2, h / 2])
        self.register_buffer("cell_anchors", torch.tensor(base))
        self.stride = stride

    def forward(self, feat):
        h, w = feat.shape[-2:]
        yy, xx = torch.meshgrid(torch.arange(h, dtype=torch.float32, device=feat.device),
                                torch.arange(w, dtype=torch.float32, device=feat.device), indexing="ij")
        yy, xx = yy * self.stride + self.stride / 2, xx * self.stride + self.stride / 2
        shifts = torch.stack([xx, yy, xx, yy], -1).reshape(-1, 1, 4)
        return (shifts + self.cell_anchors).reshape(-1, 4)


def decode_boxes(deltas, anchors):
    wa, ha = anchors[:, 2] - anchors[:, 0], anchors[:, 3] - anchors[:, 1]
    cx, cy = anchors[:, 0] + 0.5 * wa + deltas[:, 0] * wa, anchors[:, 1] + 0.5 * ha + deltas[:, 1] * ha
    w, h = wa * deltas[:, 2].clamp(max=BBOX_CLIP).exp(), ha * deltas[:, 3].clamp(max=BBOX_CLIP).exp()
    return torch.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], dim=-1)


class RetinaHead(nn.Module):
    def __init__(self, in_ch=32, num_classes=4, num_anchors=6, score_thresh=0.3, topk=50):
        super().__init__()
        self.num_classes, self.score_thresh, self.topk = num_classes, score_thresh, topk
        self.anchor_gen = AnchorGenerator()
        self.cls_logits = nn.Conv2d(in_ch, num_anchors * num_classes, 3, padding=1)
        self.bbox_pred = nn.Conv2d(in_ch, num_anchors * 4, 3, padding=1)

    def forward(self, feat):
        B = feat.shape[0]
        cls = self.cls_logits(feat).permute(0, 2, 3, 1).reshape(B, -1, self.num_classes)
        reg = self.bbox_pred(feat).permute(0, 2, 3, 1).reshape(B, -1, 4)
        anchors = self.anchor_gen(feat)
        results = []
        for b in range(B):
            scores = cls[b].sigmoid().flatten()
            keep = scores > self.score_thresh
            scores, idxs = scores[keep], keep.nonzero().squeeze(1)
            scores, order = scores.topk(min(self.topk, idxs.numel()))
            idxs = idxs[order]
            anchor_idx, labels = idxs // self.num_classes, idxs % self.num_classes
            results.append((decode_boxes(reg[b, anchor_idx], anchors[anchor_idx]), scores, labels))
        return results


Model = RetinaHead


def inputs():
    torch.manual_seed(290)
    return [
        (torch.randn(2, 32, 4, 4),),
        (torch.randn(1, 32, 3, 5),),
    ]
