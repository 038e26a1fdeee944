import torch
import torch.nn as nn
import torch.nn.functional as F


def _nms(heat, kernel=3):
    hmax = F.max_pool2d(heat, kernel, stride=1, padding=(kernel - 1) // 2)
    return heat * (hmax == heat).float()


def _topk(scores, K):
    b, c, h, w = scores.size()
    topk_scores, topk_inds = torch.topk(scores.view(b, -1), K)
    topk_clses = topk_inds // (h * w)
    topk_inds = topk_inds % (h * w)
    return topk_scores, topk_inds, topk_clses, (topk_inds // w).float(), (topk_inds % w).float()


def _gather_feat(feat, ind):
    feat = feat.permute(0, 2, 3, 1).reshape(feat.size(0), -1, feat.size(1))
    return feat.gather(1, ind.unsqueeze(2).expand(-1, -1, feat.size(2)))


class CenterNetHead(nn.Module):
    def __init__(self, cin=8, n_classes=3, max_objs=6, down_ratio=4):
        super().__init__()
        def branch(cout):
            return nn.Sequential(nn.Conv2d(cin, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, cout, 1))
        self.heads = nn.ModuleDict({"hm": branch(n_classes), "wh": branch(2), "reg": branch(2)})
        self.max_objs, self.down_ratio = max_objs, down_ratio

    def decode(self, out):
        heat = _nms(out["hm"].sigmoid())
        scores, inds, clses, ys, xs = _topk(heat, self.max_objs)
        reg, wh = _gather_feat(out["reg"], inds), _gather_feat(out["wh"], inds)
        xs, ys = xs + reg[..., 0], ys + reg[..., 1]
        boxes = torch.stack([xs - wh[..., 0] / 2, ys - wh[..., 1] / 2, xs + wh[..., 0] / 2, ys + wh[..., 1] / 2], -1)
        return boxes * self.down_ratio, scores, clses

    def forward(self, feats):
        return self.decode({name: head(feats) for name, head in self.heads.items()})


Model = CenterNetHead


def inputs():
    torch.manual_seed(3220)
    return [(torch.randn(2, 8, 6, 8),), (torch.randn(1, 8, 10, 6),)]
