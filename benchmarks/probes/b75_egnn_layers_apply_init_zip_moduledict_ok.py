# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def init_xavier(m: nn.Module) -> None:
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight, gain=0.5)
        nn.init.zeros_(m.bias)


class Model(nn.Module):
    """Stack of EGNN layers kept as two ModuleDicts (edge and node MLPs, keyed by layer name),
    initialised with Module.apply and walked pairwise in forward."""

    def __init__(self, d: int = 6, layers: int = 2):
        super().__init__()
        self.edge = nn.ModuleDict({f"l{i}": nn.Linear(2 * d + 1, d) for i in range(layers)})
        self.node = nn.ModuleDict({f"l{i}": nn.Linear(2 * d, d) for i in range(layers)})
        self.apply(init_xavier)

    def forward(self, h: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
        dist = torch.cdist(pos, pos).unsqueeze(-1)
        n = h.shape[0]
        for phi_e, phi_h in zip(self.edge.values(), self.node.values()):
            pair = torch.cat([h.unsqueeze(1).expand(n, n, -1), h.unsqueeze(0).expand(n, n, -1), dist], -1)
            msg = torch.nn.functional.silu(phi_e(pair)).sum(1)
            h = h + phi_h(torch.cat([h, msg], -1))
        return h


def inputs():
    torch.manual_seed(7517)
    return [(torch.randn(4, 6), torch.randn(4, 3)), (torch.randn(7, 6), torch.randn(7, 3))]
