# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class HyperLinear(nn.Module):
    """Per-sample linear layer whose weight and bias are generated from a conditioning code."""

    def __init__(self, code_dim: int, d_in: int, d_out: int):
        super().__init__()
        self.d_in = d_in
        self.d_out = d_out
        self.w_gen = nn.Linear(code_dim, d_in * d_out)
        self.b_gen = nn.Linear(code_dim, d_out)

    def forward(self, x: torch.Tensor, code: torch.Tensor) -> torch.Tensor:
        w = self.w_gen(code).view(-1, self.d_out, self.d_in) * self.d_in**-0.5
        b = self.b_gen(code).unsqueeze(1)
        return torch.bmm(x, w.transpose(1, 2)) + b


class Model(nn.Module):
    """Task-conditioned network: the task embedding generates the hidden layer."""

    def __init__(self, n_tasks: int = 4, code_dim: int = 6):
        super().__init__()
        self.task_emb = nn.Embedding(n_tasks, code_dim)
        self.inp = nn.Linear(5, 8)
        self.hyper = HyperLinear(code_dim, 8, 8)
        self.out = nn.Linear(8, 1)

    def forward(self, x: torch.Tensor, task: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.inp(x))
        h = torch.relu(self.hyper(h, self.task_emb(task)))
        return self.out(h).squeeze(-1)


def inputs():
    torch.manual_seed(6929)
    return [(torch.randn(2, 7, 5), torch.tensor([0, 3])), (torch.randn(3, 4, 5), torch.tensor([1, 1, 2]))]
