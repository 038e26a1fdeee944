import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedConv2d(nn.Conv2d):
    def __init__(self, mask_type, *args, **kwargs):
        super().__init__(*args, **kwargs)
        assert mask_type in {"A", "B"}
        self.register_buffer("mask", self.weight.data.clone())
        _, _, kh, kw = self.weight.size()
        self.mask.fill_(1)
        self.mask[:, :, kh // 2, kw // 2 + (mask_type == "B"):] = 0
        self.mask[:, :, kh // 2 + 1:] = 0

    def forward(self, x):
        self.weight.data *= self.mask
        return super().forward(x)


class PixelCNN(nn.Module):
    def __init__(self, ch=16, levels=8, n_layers=3):
        super().__init__()
        layers = [MaskedConv2d("A", 1, ch, 7, padding=3), nn.BatchNorm2d(ch), nn.ReLU()]
        for _ in range(n_layers):
            layers += [MaskedConv2d("B", ch, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU()]
        self.net = nn.Sequential(*layers)
        self.out = nn.Conv2d(ch, levels, 1)

    def forward(self, x):
        logits = self.out(self.net(x))
        return F.log_softmax(logits, dim=1)


Model = PixelCNN


def inputs():
    torch.manual_seed(3525)
    return [(torch.rand(2, 1, 12, 12),), (torch.rand(3, 1, 8, 8),)]
