from typing import List

import torch
from torch import Tensor


class DynamicLossScale:
    def __init__(self, init_scale: float = 2.0 ** 10, growth: float = 2.0, backoff: float = 0.5):
        self.scale = init_scale
        self.growth, self.backoff = growth, backoff


_STATE = DynamicLossScale()


def _global_norm(grads: List[Tensor]) -> Tensor:
    return torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g) for g in grads]))


def fn(grad_a: Tensor, grad_b: Tensor, params: Tensor, lr: Tensor):
    grads = [g / _STATE.scale for g in (grad_a, grad_b)]
    total_norm = _global_norm(grads)
    if not torch.isfinite(total_norm):  # breaks: compile,export,trace
        return params, total_norm.new_zeros(())
    clip = (1.0 / (total_norm + 1e-6)).clamp(max=1.0)
    update = torch.cat([g.flatten() for g in grads]) * clip
    return params - lr * update, total_norm


def inputs():
    torch.manual_seed(265)
    a, b = torch.randn(3, 4) * 500, torch.randn(5) * 500
    bad = b.clone()
    bad[2] = float("inf")
    return [(a, b, torch.randn(17), torch.tensor(0.1)), (a * 2, bad, torch.randn(17), torch.tensor(0.1))]
