# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Two-speaker separator with an utterance-level PIT loss written out by hand: the identity
    assignment and the swapped one, then the smaller of the two per utterance."""

    def __init__(self, win: int = 16):
        super().__init__()
        self.enc = nn.Conv1d(1, 32, win, stride=win // 2)
        self.mask = nn.Conv1d(32, 64, 1)
        self.dec = nn.ConvTranspose1d(32, 1, win, stride=win // 2)

    def forward(self, mix: torch.Tensor, refs: torch.Tensor):
        b, t = mix.shape
        w = torch.relu(self.enc(mix.unsqueeze(1)))
        m = torch.sigmoid(self.mask(w)).view(b, 2, 32, -1)
        est = self.dec((w.unsqueeze(1) * m).flatten(0, 1)).view(b, 2, -1)[..., :t]
        same = ((est - refs) ** 2).mean(dim=(1, 2))
        swap = ((est.flip(1) - refs) ** 2).mean(dim=(1, 2))
        return est, torch.minimum(same, swap).mean()


def inputs():
    torch.manual_seed(6103)
    return [(torch.randn(2, 160), torch.randn(2, 2, 160)), (torch.randn(3, 240), torch.randn(3, 2, 240))]
