# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Top2Gate(nn.Module):
    def __init__(self, dim, num_experts, capacity_factor=1.0):
        super().__init__()
        self.wg = nn.Linear(dim, num_experts, bias=False)
        self.num_experts = num_experts
        self.capacity_factor = capacity_factor

    def forward(self, x):
        logits = self.wg(x)
        gates = F.softmax(logits, dim=1)
        num_tokens = gates.shape[0]
        capacity = int(math.ceil(2 * num_tokens / self.num_experts * self.capacity_factor))
        idx1 = gates.argmax(dim=1)
        mask1 = F.one_hot(idx1, self.num_experts)
        logits2 = logits.masked_fill(mask1.bool(), float("-inf"))
        idx2 = logits2.argmax(dim=1)
        mask2 = F.one_hot(idx2, self.num_experts)
        loc1 = torch.cumsum(mask1, dim=0) - 1
        loc2 = torch.cumsum(mask2, dim=0) - 1 + mask1.sum(dim=0, keepdim=True)
        mask1 = mask1 * (loc1 < capacity)
        mask2 = mask2 * (loc2 < capacity)
        g1 = (gates * mask1).sum(dim=1)
        g2 = (gates * mask2).sum(dim=1)
        denom = (g1 + g2).clamp(min=torch.finfo(gates.dtype).eps)
        g1, g2 = g1 / denom, g2 / denom
        pos1 = (loc1 * mask1).sum(dim=1)
        pos2 = (loc2 * mask2).sum(dim=1)
        sc1 = F.one_hot(pos1, capacity) * mask1.sum(dim=1, keepdim=True)
        sc2 = F.one_hot(pos2, capacity) * mask2.sum(dim=1, keepdim=True)
        combine = g1[:, None, None] * mask1[:, :, None] * sc1[:, None, :] + g2[:, None, None] * mask2[:, :, None] * sc2[:, None, :]
        return combine, combine.bool()


class MoELayer(nn.Module):
    def __init__(self, dim=8, num_experts=4, hidden=16):
        super().__init__()
        self.gate = Top2Gate(dim, num_experts)
        self.w1 = nn.Parameter(torch.randn(num_experts, dim, hidden) * 0.1)
        self.w2 = nn.Parameter(torch.randn(num_experts, hidden, dim) * 0.1)

    def forward(self, x):
        shape = x.shape
        tokens = x.reshape(-1, shape[-1])
        combine, dispatch = self.gate(tokens)
        expert_in = torch.einsum("sec,sm->ecm", dispatch.to(tokens.dtype), tokens)
        h = F.gelu(torch.einsum("ecm,emh->ech", expert_in, self.w1))
        expert_out = torch.einsum("ech,ehm->ecm", h, self.w2)
        out = torch.einsum("sec,ecm->sm", combine, expert_out)
        return out.reshape(shape)


Model = MoELayer


def inputs():
    torch.manual_seed(4814)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 7, 8),)]
