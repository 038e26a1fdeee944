import math

import torch
import torch.nn.functional as F
from torch import nn


class ContrastiveHead(nn.Module):
    def __init__(
        self, dim: int = 8, embed: int = 4, init_temp: float = 0.07, max_scale: float = 100.0
    ):
        super().__init__()
        self.image_proj = nn.Linear(dim, embed, bias=False)
        self.text_proj = nn.Linear(dim, embed, bias=False)
        self.log_scale = nn.Parameter(torch.tensor(math.log(1 / init_temp)))
        self.max_scale = max_scale

    @property
    def logit_scale(self) -> float:
        return min(self.log_scale.exp().item(), self.max_scale)  # breaks: compile,export

    def forward(self, image_feats, text_feats):
        img = F.normalize(self.image_proj(image_feats), dim=-1)
        txt = F.normalize(self.text_proj(text_feats), dim=-1)
        return self.logit_scale * img @ txt.t()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.image_tower = nn.Sequential(nn.Linear(12, 8), nn.GELU())
        self.text_tower = nn.EmbeddingBag(20, 8)
        self.head = ContrastiveHead()

    def forward(self, pixels, token_ids):
        logits = self.head(self.image_tower(pixels), self.text_tower(token_ids))
        labels = torch.arange(logits.shape[0])
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(3, 12), torch.randint(0, 20, (3, 5))),
        (torch.randn(4, 12), torch.randint(0, 20, (4, 5))),
    ]
