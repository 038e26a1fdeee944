import torch
import torch.nn.functional as F
from torch import nn


class Patchify(nn.Module):
    def __init__(self, patch_len: int = 8, stride: int = 4):
        super().__init__()
        self.patch_len = patch_len
        self.stride = stride

    def forward(self, x):
        # x: (batch, channels, time)
        extra = (self.stride - (x.size(-1) - self.patch_len) % self.stride) % self.stride
        x = F.pad(x, (0, extra), mode="replicate")
        return x.unfold(-1, self.patch_len, self.stride)


class Model(nn.Module):
    def __init__(self, d_model: int = 16, horizon: int = 6):
        super().__init__()
        self.patch = Patchify()
        self.embed = nn.Linear(self.patch.patch_len, d_model)
        self.encoder = nn.TransformerEncoderLayer(d_model, 2, 32, dropout=0.0, batch_first=True)
        self.head = nn.Linear(d_model, horizon)

    def forward(self, series):
        b, c, _ = series.shape
        mean = series.mean(-1, keepdim=True)
        std = series.std(-1, keepdim=True) + 1e-5
        p = self.embed(self.patch((series - mean) / std))
        h = self.encoder(p.flatten(0, 1)).view(b, c, -1, p.shape[-1])
        return self.head(h.mean(2)) * std + mean


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 30),), (torch.randn(4, 3, 30),)]
