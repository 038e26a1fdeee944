# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SlotAttention(nn.Module):
    """Slot attention with implicit differentiation: every iteration but the last runs under
    torch.no_grad(), the last one starts from the detached slots."""

    def __init__(self, n_slots: int = 3, d: int = 8, iters: int = 3, eps: float = 1e-8):
        super().__init__()
        self.iters = iters
        self.eps = eps
        self.scale = d ** -0.5
        self.slots_mu = nn.Parameter(torch.randn(1, n_slots, d))
        self.to_q = nn.Linear(d, d, bias=False)
        self.to_k = nn.Linear(d, d, bias=False)
        self.to_v = nn.Linear(d, d, bias=False)
        self.gru = nn.GRUCell(d, d)
        self.norm_in = nn.LayerNorm(d)
        self.norm_slots = nn.LayerNorm(d)

    def step(self, slots: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        b, n_s, d = slots.shape
        q = self.to_q(self.norm_slots(slots))
        attn = torch.einsum("bid,bjd->bij", q, k).mul(self.scale).softmax(dim=1) + self.eps
        attn = attn / attn.sum(dim=-1, keepdim=True)
        updates = torch.einsum("bij,bjd->bid", attn, v)
        return self.gru(updates.reshape(-1, d), slots.reshape(-1, d)).view(b, n_s, d)

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        x = self.norm_in(inputs)
        k, v = self.to_k(x), self.to_v(x)
        slots = self.slots_mu.expand(inputs.size(0), -1, -1)
        with torch.no_grad():
            for _ in range(self.iters - 1):
                slots = self.step(slots, k, v)
        return self.step(slots.detach(), k, v)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
        self.slots = SlotAttention()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        feats = self.encoder(img).flatten(2).transpose(1, 2)
        return self.slots(feats)


def inputs():
    torch.manual_seed(6827)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 7),)]
