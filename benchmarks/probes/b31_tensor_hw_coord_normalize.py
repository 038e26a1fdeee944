import torch
import torch.nn as nn


class KeypointHead(nn.Module):
    def __init__(self, ch=6, k=4):
        super().__init__()
        self.heat = nn.Conv2d(ch, k, 1)

    def forward(self, fmap):
        h, w = fmap.shape[-2:]
        heat = self.heat(fmap).flatten(2).softmax(-1)
        ys = torch.arange(h, dtype=fmap.dtype).repeat_interleave(w)
        xs = torch.arange(w, dtype=fmap.dtype).repeat(h)
        coords = torch.stack([(heat * xs).sum(-1), (heat * ys).sum(-1)], dim=-1)
        size = torch.tensor([w, h], dtype=fmap.dtype)  # breaks: trace
        return coords / size


Model = KeypointHead


def inputs():
    torch.manual_seed(17)
    return [(torch.randn(2, 6, 8, 8),), (torch.randn(2, 6, 12, 10),)]
