import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class ProjectionHead(nn.Module):
    def __init__(self, in_dim, embed_dim, dropout=0.1):
        super().__init__()
        self.proj = nn.Linear(in_dim, embed_dim)
        self.fc = nn.Linear(embed_dim, embed_dim)
        self.drop = nn.Dropout(dropout)
        self.ln = nn.LayerNorm(embed_dim)

    def forward(self, x):
        p = self.proj(x)
        return self.ln(p + self.drop(self.fc(F.gelu(p))))


class Model(nn.Module):
    max_logit_scale = math.log(100)

    def __init__(self, image_dim=12, text_dim=10, embed_dim=8):
        super().__init__()
        self.visual = ProjectionHead(image_dim, embed_dim)
        self.textual = ProjectionHead(text_dim, embed_dim)
        self.logit_scale = nn.Parameter(torch.ones([]) * np.log(1 / 0.07))

    def forward(self, image_features, text_features):
        img = F.normalize(self.visual(image_features), dim=-1)
        txt = F.normalize(self.textual(text_features), dim=-1)
        scale = self.logit_scale.clamp(0, self.max_logit_scale).exp()
        logits_per_image = scale * img @ txt.t()
        labels = torch.arange(img.shape[0], device=img.device)
        loss = (F.cross_entropy(logits_per_image, labels) + F.cross_entropy(logits_per_image.t(), labels)) / 2
        return loss, logits_per_image


def inputs():
    torch.manual_seed(242)
    return [
        (torch.randn(4, 12), torch.randn(4, 10)),
        (torch.randn(6, 12), torch.randn(6, 10)),
    ]
