# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn
import torch.nn.functional as F


def build_grid(h, w, device=None):
    ys = torch.linspace(0.0, 1.0, h, device=device)
    xs = torch.linspace(0.0, 1.0, w, device=device)
    grid = torch.stack(torch.meshgrid(ys, xs, indexing="ij"), dim=-1)
    return torch.cat([grid, 1.0 - grid], dim=-1)


class SlotAttention(nn.Module):
    def __init__(self, num_slots=4, dim=16, iters=3, hidden_dim=32, eps=1e-8):
        super().__init__()
        self.num_slots, self.iters, self.eps = num_slots, iters, eps
        self.scale = dim ** -0.5
        self.slots_init = nn.Parameter(torch.randn(1, num_slots, dim) * dim ** -0.5)
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.gru = nn.GRUCell(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden_dim), nn.ReLU(inplace=True), nn.Linear(hidden_dim, dim))
        self.norm_input, self.norm_slots, self.norm_pre_ff = nn.LayerNorm(dim), nn.LayerNorm(dim), nn.LayerNorm(dim)

    def forward(self, inputs, num_slots=None):
        b, n, d = inputs.shape
        n_s = num_slots if num_slots is not None else self.num_slots
        slots = self.slots_init[:, :n_s].expand(b, -1, -1)
        inputs = self.norm_input(inputs)
        k, v = self.to_k(inputs), self.to_v(inputs)
        for _ in range(self.iters):
            slots_prev = slots
            q = self.to_q(self.norm_slots(slots))
            attn = torch.einsum("bid,bjd->bij", q, k).mul(self.scale).softmax(dim=1) + self.eps
            attn = attn / attn.sum(dim=-1, keepdim=True)
            updates = torch.einsum("bjd,bij->bid", v, attn)
            slots = self.gru(updates.reshape(-1, d), slots_prev.reshape(-1, d)).reshape(b, -1, d)
            slots = slots + self.mlp(self.norm_pre_ff(slots))
        return slots


class SlotAutoencoderEncoder(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.cnn = nn.Sequential(nn.Conv2d(3, dim, 3, padding=1), nn.ReLU(), nn.Conv2d(dim, dim, 3, padding=1), nn.ReLU())
        self.pos = nn.Linear(4, dim)
        self.mlp = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.slot_attention = SlotAttention(dim=dim)

    def forward(self, image):
        x = self.cnn(image).permute(0, 2, 3, 1)
        x = x + self.pos(build_grid(x.shape[1], x.shape[2], x.device))
        x = self.mlp(x.flatten(1, 2))
        return self.slot_attention(x)


Model = SlotAutoencoderEncoder


def inputs():
    torch.manual_seed(3729)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(3, 3, 10, 12),)]
