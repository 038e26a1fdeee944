import torch
import torch.nn as nn
import torch.nn.functional as F


class SupportTransform:
    def __init__(self, support_size: int, eps: float = 0.001):
        self.support_size = support_size
        self.eps = eps

    def support(self, like):
        return torch.arange(-self.support_size, self.support_size + 1, dtype=like.dtype, device=like.device)

    def to_scalar(self, logits):
        x = (F.softmax(logits, dim=-1) * self.support(logits)).sum(-1, keepdim=True)
        eps = self.eps
        return torch.sign(x) * ((((1 + 4 * eps * (torch.abs(x) + 1 + eps)).sqrt() - 1) / (2 * eps)) ** 2 - 1)

    def to_support(self, x):
        x = torch.sign(x) * ((torch.abs(x) + 1).sqrt() - 1) + self.eps * x
        x = x.clamp(-self.support_size, self.support_size)
        floor = x.floor()
        prob = x - floor
        idx = (floor + self.support_size).long()
        out = torch.zeros(*x.shape[:-1], 2 * self.support_size + 1, dtype=x.dtype, device=x.device)
        out.scatter_(-1, idx, 1 - prob)
        out.scatter_add_(-1, (idx + 1).clamp(max=2 * self.support_size), prob * (idx < 2 * self.support_size))
        return out


class PredictionNetwork(nn.Module):
    def __init__(self, hidden=32, actions=4, support_size=10):
        super().__init__()
        self.transform = SupportTransform(support_size)
        self.trunk = nn.Sequential(nn.Linear(hidden, hidden), nn.ELU())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 2 * support_size + 1)

    def forward(self, latent, target_value):
        h = self.trunk(latent)
        value_logits = self.value(h)
        target = self.transform.to_support(target_value)
        loss = -(target * F.log_softmax(value_logits, dim=-1)).sum(-1)
        return self.policy(h), self.transform.to_scalar(value_logits), loss


Model = PredictionNetwork


def inputs():
    torch.manual_seed(3505)
    return [(torch.randn(4, 32), torch.randn(4, 1) * 20), (torch.randn(7, 32), torch.randn(7, 1) * 3)]
