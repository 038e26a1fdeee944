# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def squash(z, dim=-1, eps=1e-9):
    norm_sq = (z * z).sum(dim, keepdim=True)
    return norm_sq / (1 + norm_sq) * z / torch.sqrt(norm_sq + eps)


class B2IRouting(nn.Module):
    """Behaviour-to-interest dynamic routing (MIND) with a per-user interest count."""

    def __init__(self, dim=16, max_interests=4, iters=3):
        super().__init__()
        self.max_k, self.iters = max_interests, iters
        self.bilinear = nn.Linear(dim, dim, bias=False)
        self.register_buffer("routing_init", torch.randn(1, max_interests, 1))

    def interest_counts(self, lengths):
        return [max(1, min(self.max_k, int(math.log2(n)))) for n in lengths.tolist()]

    def forward(self, behaviors, mask):
        b, l, _ = behaviors.shape
        counts = torch.tensor(self.interest_counts(mask.sum(1)), device=behaviors.device)
        u_hat = self.bilinear(behaviors)
        logits = self.routing_init.expand(b, -1, l)
        for it in range(self.iters):
            w = logits.masked_fill(~mask[:, None, :], float("-inf")).softmax(dim=-1)
            caps = squash(w @ u_hat)
            if it < self.iters - 1:
                logits = logits + caps @ u_hat.transpose(1, 2)
        interest_mask = torch.arange(self.max_k, device=behaviors.device)[None] < counts[:, None]
        return caps, interest_mask


class MIND(nn.Module):
    def __init__(self, n_items=50, dim=16, pow_p=2.0):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, dim, padding_idx=0)
        self.routing = B2IRouting(dim)
        self.pow_p = pow_p

    def forward(self, history, target):
        mask = history != 0
        caps, interest_mask = self.routing(self.item_emb(history), mask)
        t = self.item_emb(target)
        att = (caps @ t.unsqueeze(-1)).squeeze(-1).pow(self.pow_p)
        att = att.masked_fill(~interest_mask, float("-inf")).softmax(-1)
        user = (att.unsqueeze(-1) * caps).sum(1)
        return (user * t).sum(-1)


Model = MIND


def inputs():
    torch.manual_seed(3713)
    h1 = torch.randint(1, 50, (2, 9))
    h1[0, 3:] = 0
    h2 = torch.randint(1, 50, (3, 12))
    h2[1, 2:] = 0
    return [(h1, torch.randint(1, 50, (2,))), (h2, torch.randint(1, 50, (3,)))]
