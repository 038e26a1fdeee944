import torch
import torch.nn as nn


def box_iou(a, b):
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


def nms(boxes, scores, iou_thr: float):
    order = scores.argsort(descending=True)
    keep = []
    while order.numel() > 0:
        i = order[0]
        keep.append(i)
        if order.numel() == 1:
            break
        ious = box_iou(boxes[i].unsqueeze(0), boxes[order[1:]]).squeeze(0)
        order = order[1:][ious <= iou_thr]
    return torch.stack(keep)


class SSDLiteHead(nn.Module):
    def __init__(self, in_ch=16, stride=8, anchor_size=24.0, iou_thresh=0.5, max_det=10):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(in_ch, in_ch, 3, padding=1, groups=in_ch), nn.ReLU6())
        self.pred = nn.Conv2d(in_ch, 5, 1)
        self.stride, self.anchor_size = stride, anchor_size
        self.iou_thresh, self.max_det = iou_thresh, max_det

    def anchors(self, h, w, device=None):
        ys, xs = torch.meshgrid(torch.arange(h, device=device), torch.arange(w, device=device), indexing="ij")
        centers = torch.stack([xs, ys], -1).reshape(-1, 2).float().add(0.5).mul(self.stride)
        return torch.cat([centers, torch.full_like(centers, self.anchor_size)], dim=-1)

    def forward(self, feat):
        out = self.pred(self.conv(feat))[0]
        h, w = out.shape[-2:]
        out = out.permute(1, 2, 0).reshape(-1, 5)
        anc = self.anchors(h, w, feat.device)
        ctr = anc[:, :2] + out[:, :2] * 0.1 * anc[:, 2:]
        wh = anc[:, 2:] * torch.exp((out[:, 2:4] * 0.2).clamp(max=4.0))
        boxes = torch.cat([ctr - wh / 2, ctr + wh / 2], dim=-1)
        scores = out[:, 4].sigmoid()
        keep = nms(boxes, scores, self.iou_thresh)[: self.max_det]
        return boxes[keep], scores[keep]


Model = SSDLiteHead


def inputs():
    torch.manual_seed(289)
    return [
        (torch.randn(1, 16, 6, 6),),
        (torch.randn(1, 16, 5, 7),),
    ]
