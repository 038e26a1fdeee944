# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class StatelessBN(nn.Module):
    """Batch norm that can run without running statistics (track_running_stats=False)."""

    def __init__(self, ch: int = 4, track: bool = False):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(ch))
        self.bias = nn.Parameter(torch.zeros(ch))
        if track:
            self.register_buffer("running_mean", torch.zeros(ch))
            self.register_buffer("running_var", torch.ones(ch))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)

    def forward(self, x):
        use_batch = self.training or self.running_mean is None
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                            use_batch, 0.1, 1e-5)


Model = StatelessBN


def inputs():
    torch.manual_seed(2238)
    return [(torch.randn(3, 4, 5),), (torch.randn(2, 4, 3, 3),)]
