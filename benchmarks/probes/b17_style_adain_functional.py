import torch
from torch import nn
from torch.nn import functional as F


def calc_mean_std(feat, eps=1e-5):
    n, c = feat.shape[:2]
    var = feat.reshape(n, c, -1).var(dim=2) + eps
    return feat.reshape(n, c, -1).mean(dim=2).view(n, c, 1, 1), var.sqrt().view(n, c, 1, 1)


def adaptive_instance_norm(content, style):
    c_mean, c_std = calc_mean_std(content)
    s_mean, s_std = calc_mean_std(style)
    return (content - c_mean) / c_std * s_std + s_mean


class Model(nn.Module):
    def __init__(self, ch=16, alpha=0.8):
        super().__init__()
        self.alpha = alpha
        self.enc = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1, padding_mode="reflect"), nn.ReLU())
        self.dec = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1, padding_mode="reflect"), nn.ReLU(), nn.Conv2d(ch, 3, 3, padding=1))

    def forward(self, content, style):
        fc, fs = self.enc(content), self.enc(style)
        t = adaptive_instance_norm(fc, fs)
        t = self.alpha * t + (1 - self.alpha) * fc
        out = self.dec(F.interpolate(t, scale_factor=1.0, mode="nearest"))
        return out.clamp(0, 1)


def inputs():
    torch.manual_seed(0)
    return [(torch.rand(1, 3, 12, 12), torch.rand(1, 3, 16, 16)), (torch.rand(2, 3, 8, 10), torch.rand(2, 3, 12, 12))]
