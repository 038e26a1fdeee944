import torch
from torch import nn


class TaskHeads(nn.ModuleDict):
    @classmethod
    def build(cls, dim, outputs):
        return cls({name: nn.Linear(dim, n) for name, n in outputs.items()})

    def route(self, task_id, feats):
        key = f"task_{int(task_id)}"  # breaks: compile,export,trace
        return self[key](feats)


class Model(nn.Module):
    """Shared encoder, one head per task; the task id arrives with each batch."""

    def __init__(self, dim=16):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(10, dim), nn.LayerNorm(dim), nn.GELU())
        self.heads = TaskHeads.build(dim, {"task_0": 3, "task_1": 3, "task_2": 3})

    def forward(self, x, task_id):
        return self.heads.route(task_id, self.encoder(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 10), torch.tensor(0)), (torch.randn(4, 10), torch.tensor(2)), (torch.randn(5, 10), torch.tensor(1))]
