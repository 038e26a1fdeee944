# ruff: noqa  (a probe is written as users write models)
from collections import namedtuple

import torch
import torch.nn as nn
import torch.nn.functional as F

HeadOutput = namedtuple("HeadOutput", ["logits", "probs", "embedding"])


class ClassifierHead(nn.Module):
    def __init__(self, dim=12, classes=5):
        super().__init__()
        self.embed = nn.Linear(dim, dim)
        self.cls = nn.Linear(dim, classes)

    def forward(self, x):
        emb = F.normalize(self.embed(x), dim=-1)
        logits = self.cls(emb)
        out = HeadOutput(logits=logits, probs=logits.softmax(-1), embedding=emb)
        return out._asdict()


Model = ClassifierHead


def inputs():
    torch.manual_seed(3605)
    return [(torch.randn(2, 12),), (torch.randn(2, 12),), (torch.randn(4, 12),)]
