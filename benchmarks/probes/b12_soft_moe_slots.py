import torch
from torch import Tensor, nn


class SoftMoE(nn.Module):
    """Soft MoE (Puigcerver et al.): tokens mixed into slots, no discrete routing."""

    def __init__(self, dim: int, num_experts: int = 4, slots_per_expert: int = 2):
        super().__init__()
        self.num_experts, self.slots = num_experts, slots_per_expert
        self.phi = nn.Parameter(torch.randn(dim, num_experts * slots_per_expert) * dim**-0.5)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(num_experts)
        )

    def forward(self, x: Tensor) -> Tensor:
        logits = torch.einsum("bnd,ds->bns", x, self.phi)
        dispatch = logits.softmax(dim=1)
        combine = logits.softmax(dim=-1)
        slots = torch.einsum("bns,bnd->bsd", dispatch, x)
        slots = slots.view(x.shape[0], self.num_experts, self.slots, -1)
        outs = torch.stack([e(slots[:, i]) for i, e in enumerate(self.experts)], dim=1)
        return torch.einsum("bns,bsd->bnd", combine, outs.flatten(1, 2))


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.moe = SoftMoE(dim)

    def forward(self, x: Tensor) -> Tensor:
        return x + self.moe(self.norm(x))


def inputs():
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
