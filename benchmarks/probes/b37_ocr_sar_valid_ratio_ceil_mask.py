# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvBackbone(nn.Module):
    def __init__(self, out_ch=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, out_ch, 3, padding=1), nn.ReLU(), nn.MaxPool2d((2, 1)),
        )

    def forward(self, x):
        return self.body(x)


class SARAttentionDecoder(nn.Module):
    """2D attention over the feature map; columns beyond each image's valid width are masked."""

    def __init__(self, feat_ch=16, hidden=24, num_classes=30, max_len=5):
        super().__init__()
        self.max_len = max_len
        self.char_embed = nn.Embedding(num_classes + 1, hidden)
        self.query = nn.Linear(hidden, feat_ch)
        self.key = nn.Conv2d(feat_ch, feat_ch, 1)
        self.cell = nn.GRUCell(hidden + feat_ch, hidden)
        self.cls = nn.Linear(hidden + feat_ch, num_classes)
        self.start_token = num_classes

    def valid_mask(self, feat, valid_ratios):
        n, _, h, w = feat.shape
        attn_mask = torch.zeros(n, h, w, dtype=torch.bool, device=feat.device)
        for i, valid_ratio in enumerate(valid_ratios):
            valid_width = min(w, math.ceil(w * valid_ratio))
            attn_mask[i, :, valid_width:] = True
        return attn_mask.flatten(1)

    def forward(self, feat, valid_ratios):
        n = feat.size(0)
        keys = self.key(feat).flatten(2)
        values = feat.flatten(2)
        mask = self.valid_mask(feat, valid_ratios)
        state = feat.new_zeros(n, self.char_embed.embedding_dim)
        token = torch.full((n,), self.start_token, dtype=torch.long, device=feat.device)
        logits = []
        for _ in range(self.max_len):
            scores = torch.einsum("nc,ncl->nl", self.query(state), keys).masked_fill(mask, float("-inf"))
            glimpse = torch.einsum("nl,ncl->nc", scores.softmax(-1), values)
            state = self.cell(torch.cat([self.char_embed(token), glimpse], -1), state)
            step = self.cls(torch.cat([state, glimpse], -1))
            logits.append(step)
            token = step.argmax(-1)
        return torch.stack(logits, 1)


class SARRecognizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = ConvBackbone()
        self.decoder = SARAttentionDecoder()

    def forward(self, img, valid_ratios):
        return self.decoder(self.backbone(img), valid_ratios)


Model = SARRecognizer


def inputs():
    torch.manual_seed(3709)
    return [
        (torch.randn(2, 1, 8, 32), torch.tensor([1.0, 0.55])),
        (torch.randn(3, 1, 8, 40), torch.tensor([0.3, 1.0, 0.8])),
    ]
