import torch
import torch.nn.functional as F
from torch import nn


def _flatten_levels(feats):
    shapes = torch.as_tensor([f.shape[-2:] for f in feats], dtype=torch.long)
    flat = torch.cat([f.flatten(2).transpose(1, 2) for f in feats], dim=1)
    return flat, shapes


class MSDeformAttnLite(nn.Module):
    def __init__(self, d_model=16, n_levels=3, n_points=2):
        super().__init__()
        self.value_proj = nn.Linear(d_model, d_model)
        self.offsets = nn.Linear(d_model, n_levels * n_points * 2)
        self.n_levels, self.n_points = n_levels, n_points

    def forward(self, query, value, spatial_shapes):
        B, Q, _ = query.shape
        value = self.value_proj(value)
        value_list = value.split([int(h * w) for h, w in spatial_shapes], dim=1)  # breaks: compile,export,trace
        loc = self.offsets(query).view(B, Q, self.n_levels, self.n_points, 2).tanh()
        out = 0
        for lvl, (h, w) in enumerate(spatial_shapes):
            v = value_list[lvl].transpose(1, 2).reshape(B, -1, int(h), int(w))
            out = out + F.grid_sample(v, loc[:, :, lvl], align_corners=False).sum(-1)
        return out.transpose(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = MSDeformAttnLite()

    def forward(self, query, f0, f1, f2):
        value, shapes = _flatten_levels([f0, f1, f2])
        return self.attn(query, value, shapes)


def inputs():
    torch.manual_seed(0)
    mk = lambda b, s: [torch.randn(b, 16, s, s), torch.randn(b, 16, s // 2, s // 2), torch.randn(b, 16, s // 4, s // 4)]
    return [(torch.randn(2, 5, 16), *mk(2, 8)), (torch.randn(3, 7, 16), *mk(3, 16))]
