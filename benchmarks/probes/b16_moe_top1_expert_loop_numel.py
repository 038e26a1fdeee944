import torch
import torch.nn as nn
import torch.nn.functional as F


class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(F.silu(self.fc1(x)))


class Top1MoE(nn.Module):
    def __init__(self, dim=8, num_experts=4, hidden=16):
        super().__init__()
        self.router = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList(Expert(dim, hidden) for _ in range(num_experts))

    def forward(self, x):
        tokens = x.reshape(-1, x.shape[-1])
        probs = self.router(tokens).softmax(-1)
        gate, choice = probs.max(-1)
        out = torch.zeros_like(tokens)
        for e, expert in enumerate(self.experts):
            idx = torch.where(choice == e)[0]
            if idx.numel() == 0:  # breaks: compile,export
                continue
            out[idx] = expert(tokens[idx]) * gate[idx, None]  # breaks: trace
        return out.view_as(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.moe = Top1MoE()
        self.norm = nn.LayerNorm(8)

    def forward(self, x):
        return x + self.moe(self.norm(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8),)]
