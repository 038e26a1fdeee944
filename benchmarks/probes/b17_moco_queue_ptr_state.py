import torch
from torch import nn
import torch.nn.functional as F


class KeyQueue(nn.Module):
    def __init__(self, dim: int, size: int):
        super().__init__()
        self.register_buffer("keys", F.normalize(torch.randn(size, dim), dim=1))
        self.ptr = 0

    @torch.no_grad()
    def push(self, k):
        n = k.shape[0]
        end = self.ptr + n
        self.keys[self.ptr:end] = k  # breaks: export,trace
        self.ptr = end % self.keys.shape[0]


class Model(nn.Module):
    def __init__(self, dim=8, queue=12, tau=0.2):
        super().__init__()
        self.encoder_q = nn.Linear(16, dim)
        self.encoder_k = nn.Linear(16, dim)
        self.queue = KeyQueue(dim, queue)
        self.tau = tau

    def forward(self, x_q, x_k):
        q = F.normalize(self.encoder_q(x_q), dim=1)
        k = F.normalize(self.encoder_k(x_k), dim=1).detach()
        l_pos = (q * k).sum(1, keepdim=True)
        l_neg = q @ self.queue.keys.clone().t()
        logits = torch.cat([l_pos, l_neg], 1) / self.tau
        self.queue.push(k)
        return logits


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 16), torch.randn(4, 16)), (torch.randn(4, 16), torch.randn(4, 16)), (torch.randn(4, 16), torch.randn(4, 16))]
