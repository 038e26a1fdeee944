import torch
import torch.nn as nn
import torch.nn.functional as F


def box_area(boxes):
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


def generalized_box_iou_aligned(boxes1, boxes2):
    assert (boxes1[:, 2:] >= boxes1[:, :2]).all()
    assert (boxes2[:, 2:] >= boxes2[:, :2]).all()
    lt = torch.max(boxes1[:, :2], boxes2[:, :2])
    rb = torch.min(boxes1[:, 2:], boxes2[:, 2:])
    inter = (rb - lt).clamp(min=0).prod(dim=1)
    union = box_area(boxes1) + box_area(boxes2) - inter
    iou = inter / union
    lt_c = torch.min(boxes1[:, :2], boxes2[:, :2])
    rb_c = torch.max(boxes1[:, 2:], boxes2[:, 2:])
    area_c = (rb_c - lt_c).clamp(min=0).prod(dim=1)
    return iou - (area_c - union) / area_c


class FCOSRegressionHead(nn.Module):
    def __init__(self, ch=16, stride=8):
        super().__init__()
        self.stride = stride
        self.tower = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.ReLU())
        self.bbox_pred = nn.Conv2d(ch, 4, 3, padding=1)
        self.centerness = nn.Conv2d(ch, 1, 3, padding=1)

    def decode(self, ltrb, points):
        return torch.cat([points - ltrb[:, :2], points + ltrb[:, 2:]], dim=1)

    def forward(self, feat, target_boxes):
        b, _, h, w = feat.shape
        t = self.tower(feat)
        ltrb = F.relu(self.bbox_pred(t)) * self.stride
        ys, xs = torch.meshgrid(torch.arange(h, device=feat.device), torch.arange(w, device=feat.device), indexing="ij")
        points = (torch.stack([xs, ys], dim=-1).reshape(-1, 2).float() + 0.5) * self.stride
        ltrb = ltrb.permute(0, 2, 3, 1).reshape(b, -1, 4)
        pred = self.decode(ltrb.reshape(-1, 4), points.repeat(b, 1))
        giou = generalized_box_iou_aligned(pred, target_boxes.reshape(-1, 4))
        ctr = self.centerness(t).flatten(1)
        return (1 - giou).mean(), ctr


Model = FCOSRegressionHead


def inputs():
    torch.manual_seed(3512)
    out = []
    for b, h, w in [(2, 4, 6), (1, 5, 5)]:
        xy = torch.rand(b, h * w, 2) * 40
        out.append((torch.randn(b, 16, h, w), torch.cat([xy, xy + 1 + torch.rand(b, h * w, 2) * 20], dim=-1)))
    return out
