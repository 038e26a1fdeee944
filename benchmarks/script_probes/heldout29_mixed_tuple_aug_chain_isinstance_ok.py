# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SpecPreprocess(nn.Module):
    """Audio preprocessing chain kept as a mixed tuple: int = pool stride, float = gain, str = op."""

    def __init__(self):
        super().__init__()
        self.chain = (2, 0.5, "log", 1.25)
        self.proj = nn.Conv1d(3, 4, 1)

    def forward(self, x: Tensor) -> Tensor:
        for step in self.chain:
            if isinstance(step, int):
                x = F.avg_pool1d(x, step)
            elif isinstance(step, float):
                x = x * step
            elif isinstance(step, str):
                if step == "log":
                    x = torch.log1p(x.abs())
        return self.proj(x)


Model = SpecPreprocess


def inputs():
    torch.manual_seed(2914)
    return [(torch.randn(2, 3, 16),), (torch.randn(1, 3, 10),)]
