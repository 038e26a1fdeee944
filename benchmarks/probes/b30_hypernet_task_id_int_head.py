import torch
import torch.nn as nn
import torch.nn.functional as F


class WeightGenerator(nn.Module):
    def __init__(self, emb_dim, in_f, out_f):
        super().__init__()
        self.in_f, self.out_f = in_f, out_f
        self.net = nn.Sequential(nn.Linear(emb_dim, 32), nn.ReLU(), nn.Linear(32, in_f * out_f + out_f))

    def forward(self, task_emb):
        flat = self.net(task_emb)
        return flat[: self.in_f * self.out_f].view(self.out_f, self.in_f), flat[self.in_f * self.out_f:]


class TaskHyperNet(nn.Module):
    def __init__(self, n_tasks=3, in_f=10, hidden=16, n_out=4):
        super().__init__()
        self.task_emb = nn.Embedding(n_tasks, 8)
        self.gen = WeightGenerator(8, in_f, hidden)
        self.heads = nn.ModuleList(nn.Linear(hidden, n_out) for _ in range(n_tasks))

    def forward(self, x, task_id):
        weight, bias = self.gen(self.task_emb(task_id))
        h = F.relu(F.linear(x, weight, bias))
        return self.heads[int(task_id)](h)  # breaks: compile,export,trace


Model = TaskHyperNet


def inputs():
    torch.manual_seed(3027)
    return [(torch.randn(5, 10), torch.tensor(0)), (torch.randn(5, 10), torch.tensor(2))]
