# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class InfoNCEHead(nn.Module):
    def __init__(self, dim: int = 16, temperature: float = 0.07):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.temperature = temperature

    def forward(self, query, key):
        q = F.normalize(self.proj(query), dim=-1)
        k = F.normalize(self.proj(key), dim=-1)
        logits = q @ k.t() / self.temperature
        labels = torch.arange(q.shape[0], device=q.device)
        return F.cross_entropy(logits, labels)


Model = InfoNCEHead


def inputs():
    torch.manual_seed(4802)
    return [(torch.randn(4, 16), torch.randn(4, 16)), (torch.randn(7, 16), torch.randn(7, 16))]
