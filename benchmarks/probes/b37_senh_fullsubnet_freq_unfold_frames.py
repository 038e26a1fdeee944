# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn import functional as functional


def unfold_freq(x, num_neighbors):
    """(B, C, F, T) -> (B, F, C, 2N+1, T): each frequency with its neighbours over all frames."""
    assert x.dim() == 4, f"expected (B, C, F, T), got {tuple(x.shape)}"
    batch, channels, n_freqs, n_frames = x.size()
    if num_neighbors == 0:
        return x.permute(0, 2, 1, 3).unsqueeze(3)
    sub_band = num_neighbors * 2 + 1
    x = functional.pad(x, [0, 0, num_neighbors, num_neighbors], mode="reflect")
    x = functional.unfold(x, kernel_size=(sub_band, n_frames))
    x = x.reshape(batch, channels, sub_band, n_frames, n_freqs)
    return x.permute(0, 4, 1, 2, 3).contiguous()


def norm_mean(x, eps=1e-5):
    mu = x.mean(dim=(1, 2, 3), keepdim=True)
    return x / (mu + eps)


class SequenceModel(nn.Module):
    """Stands in for the LSTM stacks: a causal conv over frames."""

    def __init__(self, in_size, out_size, hidden=24, act=nn.ReLU):
        super().__init__()
        self.conv = nn.Conv1d(in_size, hidden, 3)
        self.proj = nn.Conv1d(hidden, out_size, 1)
        self.act = act() if act is not None else nn.Identity()

    def forward(self, x):
        return self.act(self.proj(torch.relu(self.conv(functional.pad(x, (2, 0))))))


class FullSubNet(nn.Module):
    def __init__(self, n_freqs=17, fb_neighbors=0, sb_neighbors=2):
        super().__init__()
        self.fb_neighbors, self.sb_neighbors = fb_neighbors, sb_neighbors
        self.fb_model = SequenceModel(n_freqs, n_freqs)
        self.sb_model = SequenceModel((sb_neighbors * 2 + 1) + (fb_neighbors * 2 + 1), 2, act=None)

    def forward(self, noisy_mag):
        b, c, f, t = noisy_mag.shape
        fb_out = self.fb_model(norm_mean(noisy_mag).reshape(b, c * f, t)).reshape(b, 1, f, t)
        fb_unfold = unfold_freq(fb_out, self.fb_neighbors).reshape(b, f, -1, t)
        sb_unfold = unfold_freq(noisy_mag, self.sb_neighbors).reshape(b, f, -1, t)
        sb_in = norm_mean(torch.cat([sb_unfold, fb_unfold], dim=2).unsqueeze(2)).squeeze(2)
        sb_mask = self.sb_model(sb_in.reshape(b * f, -1, t))
        return sb_mask.reshape(b, f, 2, t).permute(0, 2, 1, 3)


Model = FullSubNet


def inputs():
    torch.manual_seed(3714)
    return [(torch.rand(2, 1, 17, 6),), (torch.rand(1, 1, 17, 10),)]
