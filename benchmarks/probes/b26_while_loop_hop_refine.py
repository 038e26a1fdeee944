import torch
import torch.nn as nn
from torch._higher_order_ops.while_loop import while_loop


class FixedPointRefiner(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.w = nn.Parameter(torch.eye(dim) * 0.5)

    def forward(self, x):
        def cond(i, h):
            return i < 5

        def body(i, h):
            return i + 1, torch.tanh(h @ self.w + x)

        _, h = while_loop(cond, body, (torch.tensor(0), torch.zeros_like(x)))  # breaks: trace
        return h


Model = FixedPointRefiner


def inputs():
    torch.manual_seed(16)
    return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
