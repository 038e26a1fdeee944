import torch
import torch.nn as nn
import torch.nn.functional as F


class Top1Router(nn.Module):
    def __init__(self, dim, num_experts):
        super().__init__()
        self.num_experts = num_experts
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.aux_loss = None

    def forward(self, x):
        probs = F.softmax(self.gate(x), dim=-1)
        top_p, top_i = probs.max(dim=-1)
        density = F.one_hot(top_i, self.num_experts).float().mean(0)
        self.aux_loss = self.num_experts * (density * probs.mean(0)).sum()
        return top_p, top_i


class SwitchFFN(nn.Module):
    def __init__(self, dim=8, num_experts=4, hidden=16):
        super().__init__()
        self.router = Top1Router(dim, num_experts)
        self.w_in = nn.Parameter(torch.randn(num_experts, dim, hidden) * 0.1)
        self.w_out = nn.Parameter(torch.randn(num_experts, hidden, dim) * 0.1)

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        p, idx = self.router(flat)
        h = torch.einsum("nd,ndh->nh", flat, self.w_in[idx]).relu()
        y = torch.einsum("nh,nhd->nd", h, self.w_out[idx]) * p[:, None]
        return y.view_as(x)


Model = SwitchFFN


def inputs():
    torch.manual_seed(19)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 4, 8),)]
