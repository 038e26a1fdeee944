# ruff: noqa  (a probe is written as users write models)
import itertools

import torch
import torch.nn as nn


class Model(nn.Module):
    """Tiny mask-based source separator that returns its permutation-invariant training (PIT)
    loss against reference sources: best speaker assignment over all permutations."""

    def __init__(self, n_src: int = 3, win: int = 16):
        super().__init__()
        self.n_src = n_src
        self.enc = nn.Conv1d(1, 32, win, stride=win // 2)
        self.mask = nn.Conv1d(32, 32 * n_src, 1)
        self.dec = nn.ConvTranspose1d(32, 1, win, stride=win // 2)

    def forward(self, mix: torch.Tensor, refs: torch.Tensor):
        b, t = mix.shape
        w = torch.relu(self.enc(mix.unsqueeze(1)))
        m = torch.sigmoid(self.mask(w)).view(b, self.n_src, 32, -1)
        est = self.dec((w.unsqueeze(1) * m).flatten(0, 1)).view(b, self.n_src, -1)[..., :t]
        losses = []
        for perm in itertools.permutations(range(self.n_src)):
            losses.append(((est[:, list(perm)] - refs) ** 2).mean(dim=(1, 2)))
        pit = torch.stack(losses, dim=1).amin(dim=1)
        return est, pit.mean()


def inputs():
    torch.manual_seed(6102)
    return [(torch.randn(2, 160), torch.randn(2, 3, 160)), (torch.randn(3, 240), torch.randn(3, 3, 240))]
