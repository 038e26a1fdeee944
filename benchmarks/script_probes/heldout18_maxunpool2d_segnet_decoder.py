# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EncoderDecoder(nn.Module):
    def __init__(self, in_ch=3, ch=6):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(in_ch, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU())
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(kernel_size=2, stride=2)
        self.dec = nn.Conv2d(ch, in_ch, 3, padding=1)

    def forward(self, x):
        feats = self.enc(x)
        pooled, indices = self.pool(feats)
        up = self.unpool(pooled, indices, output_size=feats.size())
        return self.dec(up)


Model = EncoderDecoder


def inputs():
    torch.manual_seed(186)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
