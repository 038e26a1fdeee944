# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class MultiTask(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.backbone = nn.Linear(dim, dim)
        self.heads = {"seg": nn.Linear(dim, 3), "depth": nn.Linear(dim, 1)}
        for name, head in self.heads.items():
            self.add_module(f"head_{name}", head)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.backbone(x))
        return torch.cat([self.heads["seg"](h), self.heads["depth"](h)], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = MultiTask()

    def forward(self, x):
        return self.net(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
