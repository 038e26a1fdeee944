import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ProjectionHead(nn.Module):
    def __init__(self, in_dim, out_dim, dropout=0.1):
        super().__init__()
        self.proj = nn.Linear(in_dim, out_dim)
        self.fc = nn.Linear(out_dim, out_dim)
        self.drop = nn.Dropout(dropout)
        self.norm = nn.LayerNorm(out_dim)

    def forward(self, x):
        p = self.proj(x)
        return self.norm(p + self.drop(self.fc(F.gelu(p))))


class ContrastiveHead(nn.Module):
    def __init__(self, img_dim=32, txt_dim=24, embed=16, init_temp=0.07, max_scale=100.0, report_acc=True):
        super().__init__()
        self.img_proj = ProjectionHead(img_dim, embed)
        self.txt_proj = ProjectionHead(txt_dim, embed)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / init_temp)))
        self.max_scale = max_scale
        self.report_acc = report_acc

    @property
    def scale(self):
        return self.logit_scale.exp().clamp(max=self.max_scale)

    def forward(self, img_feats, txt_feats):
        zi = F.normalize(self.img_proj(img_feats), dim=-1)
        zt = F.normalize(self.txt_proj(txt_feats), dim=-1)
        logits = self.scale * zi @ zt.t()
        labels = torch.arange(logits.shape[0], device=logits.device)
        loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
        acc = None
        if self.report_acc:
            acc = float((logits.argmax(1) == labels).float().mean())
        return loss, logits, acc


Model = ContrastiveHead


def inputs():
    torch.manual_seed(297)
    return [
        (torch.randn(6, 32), torch.randn(6, 24)),
        (torch.randn(4, 32), torch.randn(4, 24)),
    ]
