# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """CLIP-style contrastive head: normalised projections, learnable temperature kept as a log
    scale and clamped, symmetric cross-entropy over the in-batch similarity matrix."""

    def __init__(self, d_img: int = 10, d_txt: int = 6, d: int = 8):
        super().__init__()
        self.img_proj = nn.Linear(d_img, d, bias=False)
        self.txt_proj = nn.Linear(d_txt, d, bias=False)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))

    def forward(self, img: torch.Tensor, txt: torch.Tensor) -> torch.Tensor:
        a = F.normalize(self.img_proj(img), dim=-1)
        b = F.normalize(self.txt_proj(txt), dim=-1)
        scale = self.logit_scale.exp().clamp(max=100.0)
        logits = scale * a @ b.t()
        labels = torch.arange(logits.shape[0], device=logits.device)
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2


def inputs():
    torch.manual_seed(6716)
    return [(torch.randn(4, 10), torch.randn(4, 6)), (torch.randn(6, 10), torch.randn(6, 6))]
