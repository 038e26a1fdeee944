# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class RelPositionBias(nn.Module):
    """Relative position bias built on a device held as a torch.device attribute."""

    def __init__(self, heads: int = 2, max_dist: int = 8):
        super().__init__()
        self.max_dist = max_dist
        self.table = nn.Embedding(2 * max_dist + 1, heads)
        self.bias_device = torch.device("cpu")

    def forward(self, scores: Tensor) -> Tensor:
        n = scores.shape[-1]
        pos = torch.arange(n, device=self.bias_device)
        rel = (pos[None, :] - pos[:, None]).clamp(-self.max_dist, self.max_dist) + self.max_dist
        bias = self.table(rel).permute(2, 0, 1).to(scores.device)
        return (scores + bias.unsqueeze(0)).softmax(-1)


Model = RelPositionBias


def inputs():
    torch.manual_seed(2919)
    return [(torch.randn(1, 2, 5, 5),), (torch.randn(3, 2, 12, 12),)]
