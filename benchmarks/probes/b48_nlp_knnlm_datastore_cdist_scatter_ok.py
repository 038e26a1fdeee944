# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class KNNLMHead(nn.Module):
    """LM head interpolated with a kNN distribution over a fixed datastore (Khandelwal et al.)."""

    def __init__(self, dim=8, vocab=11, store_size=20, k=4, lmbda=0.25, temperature=1.0):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.register_buffer("keys", torch.randn(store_size, dim))
        self.register_buffer("values", torch.randint(0, vocab, (store_size,)))
        self.k, self.lmbda, self.temperature, self.vocab = k, lmbda, temperature, vocab

    def forward(self, hidden):
        b, t, d = hidden.shape
        q = hidden.reshape(-1, d)
        lm_logp = F.log_softmax(self.lm_head(q), dim=-1)
        dists = torch.cdist(q, self.keys)
        knn_d, knn_i = dists.topk(self.k, dim=-1, largest=False)
        w = F.softmax(-knn_d / self.temperature, dim=-1)
        knn_p = torch.zeros_like(lm_logp).scatter_add_(1, self.values[knn_i], w)
        knn_logp = torch.log(knn_p.clamp_min(1e-10))
        mixed = torch.logaddexp(lm_logp + math.log(1 - self.lmbda), knn_logp + math.log(self.lmbda))
        return mixed.view(b, t, self.vocab)


Model = KNNLMHead


def inputs():
    torch.manual_seed(4824)
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 6, 8),)]
