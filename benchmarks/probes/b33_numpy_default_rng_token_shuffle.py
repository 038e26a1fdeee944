import numpy as np
import torch
import torch.nn as nn


class ShuffledMixer(nn.Module):
    def __init__(self, dim=8, seed=7):
        super().__init__()
        self.seed = seed
        self.mix = nn.Linear(dim, dim)

    def forward(self, x):
        rng = np.random.default_rng(self.seed)
        perm = torch.from_numpy(rng.permutation(x.shape[1]))  # breaks: compile,trace
        return self.mix(x[:, perm])


Model = ShuffledMixer


def inputs():
    torch.manual_seed(352)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 6, 8),)]
