# ruff: noqa  (a probe is written as users write models)
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F


class DNCState(NamedTuple):
    memory: torch.Tensor
    usage: torch.Tensor
    read_w: torch.Tensor


def content_weighting(memory, keys, strengths, eps: float = 1e-6):
    # memory: B,N,W  keys: B,R,W  strengths: B,R
    sim = F.cosine_similarity(memory.unsqueeze(1), keys.unsqueeze(2), dim=-1, eps=eps)
    return torch.softmax(sim * strengths.unsqueeze(-1), dim=-1)


def allocation_weighting(usage, eps: float = 1e-6):
    """Free-list allocation: sort slots by usage, least used first, product of earlier usages."""
    usage = eps + (1 - eps) * usage
    sorted_usage, phi = torch.sort(usage, dim=-1)
    prod = torch.cumprod(torch.cat([torch.ones_like(sorted_usage[:, :1]), sorted_usage[:, :-1]], dim=-1), dim=-1)
    sorted_alloc = (1 - sorted_usage) * prod
    return torch.zeros_like(usage).scatter(-1, phi, sorted_alloc)


class DNCMemoryCell(nn.Module):
    def __init__(self, input_size=6, hidden=24, slots=10, width=8, reads=2):
        super().__init__()
        self.slots, self.width, self.reads = slots, width, reads
        self.controller = nn.LSTMCell(input_size + reads * width, hidden)
        iface = reads * width + reads + width + 1 + 2 * width + reads + 2
        self.interface = nn.Linear(hidden, iface)
        self.out = nn.Linear(hidden + reads * width, input_size)

    def init_state(self, batch: int, like: torch.Tensor) -> DNCState:
        return DNCState(
            like.new_zeros(batch, self.slots, self.width),
            like.new_zeros(batch, self.slots),
            like.new_zeros(batch, self.reads, self.slots),
        )

    def forward(self, seq: torch.Tensor):
        b, steps, _ = seq.shape
        state = self.init_state(b, seq)
        hx = cx = seq.new_zeros(b, self.controller.hidden_size)
        reads = seq.new_zeros(b, self.reads * self.width)
        outputs = []
        R, W = self.reads, self.width
        for t in range(steps):
            hx, cx = self.controller(torch.cat([seq[:, t], reads], dim=-1), (hx, cx))
            p = self.interface(hx)
            read_keys, read_str, write_key, write_str, erase, write_vec, free, alloc_gate, write_gate = torch.split(
                p, [R * W, R, W, 1, W, W, R, 1, 1], dim=-1
            )
            free = torch.sigmoid(free)
            retention = torch.prod(1 - free.unsqueeze(-1) * state.read_w, dim=1)
            usage = state.usage * retention
            alloc = allocation_weighting(usage)
            cw = content_weighting(state.memory, write_key.unsqueeze(1), F.softplus(write_str)).squeeze(1)
            ag = torch.sigmoid(alloc_gate)
            ww = torch.sigmoid(write_gate) * (ag * alloc + (1 - ag) * cw)
            memory = state.memory * (1 - ww.unsqueeze(-1) * torch.sigmoid(erase).unsqueeze(1)) + ww.unsqueeze(-1) * write_vec.unsqueeze(1)
            usage = usage + ww - usage * ww
            read_w = content_weighting(memory, read_keys.view(b, R, W), F.softplus(read_str))
            reads = torch.bmm(read_w, memory).flatten(1)
            state = DNCState(memory, usage, read_w)
            outputs.append(self.out(torch.cat([hx, reads], dim=-1)))
        return torch.stack(outputs, dim=1), state.usage


Model = DNCMemoryCell


def inputs():
    torch.manual_seed(4108)
    return [(torch.randn(2, 5, 6),), (torch.randn(2, 5, 6) * 2,)]
